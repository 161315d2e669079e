// The fields the report and edit forms share (LOOP.md section 3, /property/addissues and /property/edit-issue): the
// kind of problem as chips, title, description, photos and a video from the camera or the gallery, the emergency
// switch, "you may enter" or "I will be there", and two to four times as quick chips or a date and two times.
// Made to be done in under a minute on a cheap phone: native inputs, big targets, nothing loaded but the form.
import { Later } from "../../components/Later";
import { LimitNote } from "../../components/LimitNote";
import { css } from "goober";
import { type Dispatch, type RefObject, type SetStateAction, useEffect, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { Button, Field, TextField } from "../../components/ui";
import { typedDir } from "../../lib/typed-dir";
import {
  DESC_MAX,
  MAX_ISSUE_PHOTOS,
  MAX_ISSUE_VIDEOS,
  MAX_REPORT_SLOTS,
  MIN_REPORT_SLOTS,
  type RepairMedia,
  type ReportSlot,
  lastSlotDay,
  TITLE_MAX,
} from "../../contract/repairs";
import { SKILLS, skillName } from "../../data/skills";
import { formatSlotDate, formatSlotTime, localNow, ymd } from "../../lib/dates";
import { checkVideo, MediaError } from "../../lib/image-compress";
import { mediaUrl } from "../../lib/media";
import { lang, t } from "../../signals/language";
import { cx, errorText, muted } from "../../styles/theme";
import {
  admit,
  customSlotProblem,
  FIELD_ORDER,
  isFuture,
  type PickedMedia,
  quickSlots,
  type Refusal,
  type ReportForm,
  sameSlot,
  type SlotProblem,
  sortSlots,
} from "./report-rules";

type Errors = Record<string, string | undefined>;

export const sectionCss = css`
  display: flex; flex-direction: column; gap: 10px; border: 0; padding: 0; margin: 0; min-width: 0;
  & > legend, & > h2 { font-weight: 700; font-size: 17px; padding: 0; margin-block-end: 4px; }
`;
const chips = css`display: flex; flex-wrap: wrap; gap: 8px;`;
export const chipCss = css`
  display: inline-flex; flex-direction: column; align-items: flex-start; justify-content: center; min-height: 44px;
  padding: 6px 14px; border-radius: 999px; border: 1px solid var(--line); background: #fff; color: var(--ink);
  cursor: pointer; font-size: 15px; text-align: start;
  & small { font-size: 12px; color: var(--muted); }
  &[aria-pressed="true"] { background: var(--brand); border-color: var(--brand); color: #fff; font-weight: 600; }
  &[aria-pressed="true"] small { color: #fff; }
  &:disabled { opacity: 0.5; cursor: not-allowed; }
`;
const invalidBox = css`&[data-invalid="true"] { outline: 2px solid var(--danger); outline-offset: 4px; border-radius: 12px; }`;
const textareaCss = css`resize: vertical; min-height: 88px;`;
/** Camera and gallery buttons over hidden file inputs (the report's and the work report's photos). */
export const fileButtons = css`
  display: flex; flex-wrap: wrap; gap: 8px;
  & label {
    position: relative; display: inline-flex; align-items: center; justify-content: center; min-height: 48px; padding: 10px 16px;
    border-radius: 10px; border: 1px solid var(--brand); color: var(--brand-dark); background: #fff; font-weight: 600; cursor: pointer;
  }
  & label:has(input:focus-visible) { outline: 3px solid #f59e0b; outline-offset: 2px; }
  & label[aria-disabled="true"] { opacity: 0.5; cursor: not-allowed; }
  & input { position: absolute; inset: 0; width: 1px; height: 1px; opacity: 0; }
`;
const thumbs = css`
  list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  & li { position: relative; aspect-ratio: 1; border: 1px solid var(--line); border-radius: 10px; overflow: hidden; background: #e5e7eb; }
  & img, & video { width: 100%; height: 100%; object-fit: cover; display: block; }
  & .label { position: absolute; inset-block-end: 0; inset-inline: 0; padding: 2px 6px; font-size: 12px; color: #fff; background: rgba(0, 0, 0, 0.55);
    overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  & button { position: absolute; inset-block-start: 2px; inset-inline-end: 2px; width: 44px; height: 44px; border-radius: 50%; border: 0;
    background: rgba(0, 0, 0, 0.6); color: #fff; font-size: 22px; line-height: 1; cursor: pointer; }
  & button:disabled { opacity: 0.5; cursor: not-allowed; }
`;
const switchRow = css`
  display: flex; align-items: center; gap: 12px; min-height: 48px; cursor: pointer; font-weight: 600;
  & input { appearance: none; flex: none; width: 48px; height: 28px; border-radius: 999px; background: var(--line); position: relative; margin: 0; cursor: pointer; }
  & input::after { content: ""; position: absolute; inset-block-start: 3px; inset-inline-start: 3px; width: 22px; height: 22px; border-radius: 50%; background: #fff; transition: inset-inline-start 0.15s; }
  & input:checked { background: var(--danger); }
  & input:checked::after { inset-inline-start: 23px; }
`;
const radioCards = css`
  display: grid; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); gap: 8px;
  & label { display: flex; gap: 10px; align-items: flex-start; min-height: 56px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 12px; background: #fff; cursor: pointer; }
  & label:has(input:checked) { border-color: var(--brand); background: var(--brand-soft); }
  & label:has(input:focus-visible) { outline: 3px solid #f59e0b; outline-offset: 2px; }
  & input { width: 20px; height: 20px; accent-color: var(--brand); flex: none; margin: 2px 0 0; }
  & span { display: flex; flex-direction: column; gap: 2px; font-weight: 600; }
  & small { font-weight: 400; color: var(--muted); font-size: 13px; }
`;
const slotList = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px;
  & li { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; min-height: 48px; padding-block: 4px; padding-inline: 12px 4px;
    border: 1px solid var(--line); border-radius: 10px; background: #fff; }
  & li[data-past="true"] { border-color: var(--danger); }
  & .when { flex: 1; min-width: 10rem; }
  & .past { flex-basis: 100%; margin: 0; }
`;
const customGrid = css`display: grid; grid-template-columns: repeat(auto-fit, minmax(7.5rem, 1fr)); gap: 10px; align-items: end;`;

export const formCss = css`display: flex; flex-direction: column; gap: 20px;`;
export const actionsCss = css`display: flex; flex-wrap: wrap; gap: 10px; & > * { flex: 1 1 140px; }`;
export const failureCss = css`
  margin: 0; padding: 12px; border-radius: 10px; border: 1px solid var(--danger); background: #fef2f2; color: var(--danger);
  font-weight: 600;
`;
export const linkButton = css`
  display: inline-flex; align-items: center; justify-content: center; min-height: 48px; padding: 10px 18px; border-radius: 10px;
  font-weight: 600; text-decoration: none; border: 1px solid var(--brand);
  &[data-variant="primary"] { background: var(--brand); color: #fff; }
  &[data-variant="secondary"] { background: #fff; color: var(--brand-dark); }
`;

/** The first chips: what breaks most in a Gulf home (water, power, cooling, appliances), the rest behind "More kinds". */
export const COMMON_CATEGORIES = [1, 2, 3, 10, 4, 11, 5, 14];

/** "Wed 25 Nov 2026, 9:00 AM – 12:00 PM" in the user's language (D18: a time never breaks inside). */
export function slotText(s: ReportSlot, locale: string) {
  return t("report.slots.when", {
    date: formatSlotDate(s.date, locale),
    from: formatSlotTime(s.time_from, locale),
    to: formatSlotTime(s.time_to, locale),
  });
}

/** Moves the focus to the first field (in screen order) with a problem, so a keyboard or screen-reader user lands on it. */
export function focusFirstProblem(errors: Errors, root: HTMLElement | null) {
  requestAnimationFrame(() => {
    for (const f of FIELD_ORDER) {
      if (!errors[f]) continue;
      const el = root?.querySelector<HTMLElement>(`[data-focus="${f}"]`);
      if (el) return el.focus();
    }
  });
}

const ErrorLine = ({ id, error }: { id: string; error?: string }) =>
  error ? (
    <p id={id} role="alert" className={errorText}>
      {error}
    </p>
  ) : null;

/** A file already on the server: `url` (signed, private uploads) wins over `path`; `media_id` names it for removal. */
export type SentMedia = Pick<RepairMedia, "media_id" | "path" | "url">;

export interface ExistingMedia {
  photos: SentMedia[];
  videos: SentMedia[];
  /** Removes one on the server (edit form); absent: shown without a remove button. */
  onRemove?: (m: SentMedia) => void;
  /** The media_id being removed now. */
  removing?: number | null;
}

export interface ReportFieldsProps {
  form: ReportForm;
  set: (change: Partial<ReportForm>) => void;
  errors: Errors;
  files: PickedMedia[];
  setFiles: Dispatch<SetStateAction<PickedMedia[]>>;
  existing?: ExistingMedia;
  /** Whether new files may be added (the issue's `upload` action when editing). */
  canUpload?: boolean;
  idPrefix?: string;
}

/** Kind of problem, title, description, files, emergency, presence and times. */
export function ReportFields({ form, set, errors, files, setFiles, existing, canUpload = true, idPrefix = "report" }: ReportFieldsProps) {
  useSignals();
  const id = (f: string) => `${idPrefix}-${f}`;
  return (
    <>
      <CategoryChips id={id("category")} value={form.category} error={errors.category} onChange={(category) => set({ category })} />
      <TextField
        id={id("title")}
        data-focus="title"
        label={t("report.fields.title")}
        hint={t("report.fields.titleHint")}
        autoComplete="off"
        enterKeyHint="next"
        maxLength={TITLE_MAX}
        required
        value={form.title}
        error={errors.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
      />
      <Field id={id("desc")} label={t("report.fields.desc")} error={errors.desc} hint={t("report.fields.descHint")}>
        <textarea
          id={id("desc")}
          data-focus="desc"
          className={textareaCss}
          rows={3}
          maxLength={DESC_MAX}
          value={form.desc}
          dir={typedDir(form.desc)}
          aria-invalid={errors.desc ? true : undefined}
          aria-describedby={errors.desc ? id("desc-error") : id("desc-hint")}
          onChange={(e) => set({ desc: e.currentTarget.value })}
        />
        <LimitNote length={form.desc.length} max={DESC_MAX} />
      </Field>
      <MediaPicker id={id("files")} files={files} setFiles={setFiles} existing={existing} canUpload={canUpload} error={errors.files} />
      {/* Below the fold on a phone: a frame later when the form is the page's first screen (the date and time fields
          alone are a fifth of its render). */}
      <Later>
        <div className={css`display: flex; flex-direction: column; gap: 2px;`}>
          <label className={switchRow}>
            <input
              id={id("emergency")}
              type="checkbox"
              role="switch"
              checked={form.emergency}
              aria-checked={form.emergency}
              aria-describedby={id("emergency-hint")}
              onChange={(e) => set({ emergency: e.currentTarget.checked })}
            />
            {t("report.emergency.label")}
          </label>
          <span id={id("emergency-hint")} className={muted}>
            {t("report.emergency.hint")}
          </span>
        </div>
        <fieldset className={sectionCss} aria-describedby={errors.presence ? id("presence-error") : undefined}>
          <legend>{t("report.presence.title")}</legend>
          <div className={radioCards}>
            {(["may_enter", "present"] as const).map((p, i) => (
              <label key={p}>
                <input
                  type="radio"
                  name={id("presence")}
                  value={p}
                  data-focus={i === 0 ? "presence" : undefined}
                  checked={form.presence === p}
                  onChange={() => set({ presence: p })}
                />
                <span>
                  {t(`report.presence.${p}`)}
                  <small>{t(`report.presence.${p}Hint`)}</small>
                </span>
              </label>
            ))}
          </div>
          <ErrorLine id={id("presence-error")} error={errors.presence} />
        </fieldset>
        <SlotsPicker id={id("slots")} value={form.available} error={errors.available} onChange={(available) => set({ available })} />
      </Later>
    </>
  );
}

// ---- category -----------------------------------------------------------------------------------------------------

function CategoryChips({ id, value, error, onChange }: { id: string; value: number | null; error?: string; onChange: (v: number) => void }) {
  useSignals();
  const [all, setAll] = useState(false);
  const language = lang.value;
  const common = COMMON_CATEGORIES.map((n) => SKILLS.find((s) => s.id === n)!);
  const rest = SKILLS.filter((s) => !COMMON_CATEGORIES.includes(s.id));
  // A kind chosen among the rest (an edited report) stays in view with the common ones.
  const shown = all ? [...common, ...rest] : [...common, ...rest.filter((s) => s.id === value)];
  const focusId = value ?? shown[0].id;
  return (
    <fieldset className={sectionCss} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t("report.category.title")}</legend>
      <div className={cx(chips, invalidBox)} data-invalid={error ? true : undefined}>
        {shown.map((s) => (
          <button
            key={s.id}
            type="button"
            className={chipCss}
            aria-pressed={value === s.id}
            data-focus={s.id === focusId ? "category" : undefined}
            onClick={() => onChange(s.id)}
          >
            {skillName(s, language)}
          </button>
        ))}
        <Button variant="ghost" aria-expanded={all} onClick={() => setAll((a) => !a)}>
          {all ? t("report.category.fewer") : t("report.category.more")}
        </Button>
      </div>
      <ErrorLine id={`${id}-error`} error={error} />
    </fieldset>
  );
}

// ---- photos and video ---------------------------------------------------------------------------------------------

/** A picked file's preview (an object URL, freed when it goes). */
function Preview({ item }: { item: PickedMedia }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== "function") return;
    const u = URL.createObjectURL(item.file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [item.file]);
  if (!url) return null;
  return item.kind === "photo" ? (
    <img src={url} alt="" decoding="async" />
  ) : (
    <video src={`${url}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" tabIndex={-1} />
  );
}

/** Whether the browser can read this video's length (it cannot for every format; the server checks then). */
const readable = (type: string) => {
  try {
    return !!type && document.createElement("video").canPlayType(type) !== "";
  } catch {
    return false;
  }
};

function MediaPicker({
  id,
  files,
  setFiles,
  existing,
  canUpload,
  error,
}: {
  id: string;
  files: PickedMedia[];
  setFiles: Dispatch<SetStateAction<PickedMedia[]>>;
  existing?: ExistingMedia;
  canUpload: boolean;
  error?: string;
}) {
  useSignals();
  const [refused, setRefused] = useState<Refusal[]>([]);
  const photos = (existing?.photos.length ?? 0) + files.filter((f) => f.kind === "photo").length;
  const videos = (existing?.videos.length ?? 0) + files.filter((f) => f.kind === "video").length;
  const photoRoom = photos < MAX_ISSUE_PHOTOS;
  const videoRoom = videos < MAX_ISSUE_VIDEOS;

  const add = (list: FileList | null, input: HTMLInputElement) => {
    const picked = [...(list ?? [])];
    input.value = "";
    const { accepted, refused: left } = admit(picked, { photos, videos });
    setRefused(left);
    setFiles((f) => [...f, ...accepted]);
    // A video's length needs the browser to read it: checked after, and dropped with the reason when too long.
    for (const v of accepted)
      if (v.kind === "video" && readable(v.file.type))
        checkVideo(v.file).catch((e: unknown) => {
          setFiles((f) => f.filter((x) => x.id !== v.id));
          const why = e instanceof MediaError ? e : new MediaError("forms.media.videoUnreadable");
          setRefused((r) => [...r, { id: `${v.id}-refused`, name: v.file.name, key: why.key, params: why.params }]);
        });
  };
  const remove = (item: PickedMedia) => {
    setFiles((f) => f.filter((x) => x.id !== item.id));
    setRefused([]);
  };

  let photoNo = 0;
  const numbered = (kind: "photo" | "video", name?: string) => {
    const label = kind === "photo" ? t("report.media.photo", { n: ++photoNo }) : t("report.media.video");
    return name ? `${label} (${name})` : label;
  };
  const shownExisting = [
    ...(existing?.photos ?? []).map((m) => ({ m, kind: "photo" as const })),
    ...(existing?.videos ?? []).map((m) => ({ m, kind: "video" as const })),
  ];
  return (
    <fieldset className={sectionCss} aria-describedby={`${id}-hint`}>
      <legend>{t("report.media.title")}</legend>
      <p id={`${id}-hint`} className={muted}>
        {t("report.media.hint", { photos: MAX_ISSUE_PHOTOS, videos: MAX_ISSUE_VIDEOS })}
      </p>
      {canUpload && (
        <div className={fileButtons}>
          <label aria-disabled={!photoRoom || undefined}>
            <input
              id={`${id}-camera`}
              data-focus="files"
              type="file"
              accept="image/*"
              capture="environment"
              disabled={!photoRoom}
              onChange={(e) => add(e.currentTarget.files, e.currentTarget)}
            />
            {t("report.media.takePhoto")}
          </label>
          <label aria-disabled={!videoRoom || undefined}>
            <input
              id={`${id}-video`}
              type="file"
              accept="video/*"
              capture="environment"
              disabled={!videoRoom}
              onChange={(e) => add(e.currentTarget.files, e.currentTarget)}
            />
            {t("report.media.recordVideo")}
          </label>
          <label aria-disabled={(!photoRoom && !videoRoom) || undefined}>
            <input
              id={`${id}-gallery`}
              type="file"
              accept="image/*,video/mp4,video/quicktime"
              multiple
              disabled={!photoRoom && !videoRoom}
              onChange={(e) => add(e.currentTarget.files, e.currentTarget)}
            />
            {t("report.media.gallery")}
          </label>
        </div>
      )}
      {(shownExisting.length > 0 || files.length > 0) && (
        <ul className={thumbs} aria-label={t("report.media.chosen")}>
          {shownExisting.map(({ m, kind }) => {
            const name = numbered(kind);
            const url = mediaUrl(m);
            return (
              <li key={`e-${m.media_id ?? m.path}`} data-testid="existing-media">
                {kind === "photo" ? (
                  <img src={url} alt="" decoding="async" />
                ) : (
                  <video src={`${url}#t=0.1`} preload="metadata" muted playsInline aria-hidden="true" tabIndex={-1} />
                )}
                <span className="label">{name}</span>
                {existing?.onRemove && m.media_id != null && (
                  <button
                    type="button"
                    aria-label={t("report.media.removeNamed", { name })}
                    disabled={existing.removing === m.media_id}
                    onClick={() => existing.onRemove?.(m)}
                  >
                    ×
                  </button>
                )}
              </li>
            );
          })}
          {files.map((f) => {
            const name = numbered(f.kind, f.file.name);
            return (
              <li key={f.id} data-testid="picked-media">
                <Preview item={f} />
                <span className="label">
                  <bdi>{f.file.name || name}</bdi>
                </span>
                <button type="button" aria-label={t("report.media.removeNamed", { name })} onClick={() => remove(f)}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {refused.length > 0 && (
        <ul role="alert" className={cx(errorText, css`margin: 0; padding-inline-start: 18px;`)} data-testid="refused-media">
          {refused.map((r) => (
            <li key={r.id}>{t("report.media.refused", { name: r.name || t("report.media.file"), reason: t(r.key, r.params) })}</li>
          ))}
        </ul>
      )}
      <ErrorLine id={`${id}-error`} error={error} />
    </fieldset>
  );
}

// ---- times --------------------------------------------------------------------------------------------------------

const PROBLEM_KEYS = {
  incomplete: "report.slots.incomplete",
  order: "report.slots.order",
  past: "report.slots.past",
  far: "report.errors.slotTooFar",
  duplicate: "report.slots.duplicate",
  full: "report.errors.slotsTooMany",
} as const;

function SlotsPicker({ id, value, error, onChange }: { id: string; value: ReportSlot[]; error?: string; onChange: (v: ReportSlot[]) => void }) {
  useSignals();
  const locale = lang.value;
  const nowDate = new Date();
  const now = localNow(nowDate);
  const quick = quickSlots(nowDate);
  const [custom, setCustom] = useState<ReportSlot>({ date: "", time_from: "", time_to: "" });
  const [note, setNote] = useState<string | null>(null);
  const [customProblem, setCustomProblem] = useState<SlotProblem | null>(null);
  const customError = customProblem && t(PROBLEM_KEYS[customProblem]);
  // The field the problem is about is the one marked: the times for their order, the date for the rest.
  const invalid = (field: keyof ReportSlot) =>
    customProblem && (customProblem === "incomplete" ? !custom[field] : customProblem === "order" ? field === "time_to" : field === "date") ? true : undefined;

  const toggle = (s: ReportSlot) => {
    if (value.some((v) => sameSlot(v, s))) {
      setNote(null);
      return onChange(value.filter((v) => !sameSlot(v, s)));
    }
    if (value.length >= MAX_REPORT_SLOTS) return setNote(t("report.errors.slotsTooMany"));
    setNote(null);
    onChange(sortSlots([...value, s]));
  };
  const addCustom = () => {
    const problem = customSlotProblem(custom, value, now);
    if (problem) return setCustomProblem(problem);
    setCustomProblem(null);
    setNote(null);
    onChange(sortSlots([...value, custom]));
    setCustom({ date: custom.date, time_from: "", time_to: "" });
  };
  const editCustom = (change: Partial<ReportSlot>) => {
    setCustom((c) => ({ ...c, ...change }));
    setCustomProblem(null);
  };
  const shownError = note ?? error;
  return (
    <fieldset className={sectionCss} aria-describedby={shownError ? `${id}-error` : `${id}-hint`}>
      <legend>{t("report.slots.title")}</legend>
      <p id={`${id}-hint`} className={muted}>
        {t("report.slots.hint", { min: MIN_REPORT_SLOTS, max: MAX_REPORT_SLOTS })}
      </p>
      <div className={cx(chips, invalidBox)} data-invalid={shownError ? true : undefined}>
        {quick.map((q, i) => (
          <button
            key={q.label}
            type="button"
            className={chipCss}
            aria-pressed={value.some((v) => sameSlot(v, q.slot))}
            data-focus={i === 0 ? "available" : undefined}
            onClick={() => toggle(q.slot)}
          >
            {t(q.label)}{" "}
            <small>{t("report.slots.between", { from: formatSlotTime(q.slot.time_from, locale), to: formatSlotTime(q.slot.time_to, locale) })}</small>
          </button>
        ))}
      </div>
      {/* The date and time fields build the browser's pickers: on the first screen, a frame after the rest. */}
      <Later>
        <fieldset className={cx(sectionCss, css`& > legend { font-size: 15px; }`)}>
          <legend>{t("report.slots.custom")}</legend>
          <div className={customGrid}>
            <TextField
              id={`${id}-date`}
              label={t("report.slots.date")}
              type="date"
              min={ymd(nowDate)}
              value={custom.date}
              max={lastSlotDay(now)}
              aria-invalid={invalid("date")}
              onChange={(e) => editCustom({ date: e.currentTarget.value })}
            />
            <TextField
              id={`${id}-from`}
              label={t("report.slots.from")}
              type="time"
              step={900}
              value={custom.time_from}
              aria-invalid={invalid("time_from")}
              onChange={(e) => editCustom({ time_from: e.currentTarget.value })}
            />
            <TextField
              id={`${id}-to`}
              label={t("report.slots.to")}
              type="time"
              step={900}
              value={custom.time_to}
              aria-invalid={invalid("time_to")}
              onChange={(e) => editCustom({ time_to: e.currentTarget.value })}
            />
            <Button variant="secondary" onClick={addCustom}>
              {t("report.slots.add")}
            </Button>
          </div>
          <ErrorLine id={`${id}-custom-error`} error={customError ?? undefined} />
        </fieldset>
      </Later>
      {/* A label for the list, not a heading: the form's sections are fieldsets under the screen's h1 (heading order). */}
      <p id={`${id}-chosen`} className={css`font-size: 15px; font-weight: 700; margin: 0;`}>
        {t("report.slots.chosen", { count: value.length, max: MAX_REPORT_SLOTS })}
      </p>
      {value.length === 0 ? (
        <p className={muted}>{t("report.slots.none")}</p>
      ) : (
        <ul className={slotList} data-testid="chosen-slots" aria-labelledby={`${id}-chosen`}>
          {value.map((s) => {
            const when = slotText(s, locale);
            const past = !isFuture(s, now);
            return (
              <li key={`${s.date}-${s.time_from}-${s.time_to}`} data-past={past || undefined}>
                <span className="when">{when}</span>
                <Button variant="ghost" aria-label={t("report.slots.removeNamed", { when })} onClick={() => onChange(value.filter((v) => !sameSlot(v, s)))}>
                  {t("report.slots.remove")}
                </Button>
                {past && <p className={cx(errorText, "past")}>{t("report.slots.passed")}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <ErrorLine id={`${id}-error`} error={shownError ?? undefined} />
    </fieldset>
  );
}

/**
 * The end of both report forms: the failure sentence (focusable, so a failed send can move the focus to it), Cancel
 * and the submit button with its label for the moment (`busy` disables both; `waiting` only the submit).
 */
export function FormFooter({
  failure,
  failureRef,
  onCancel,
  busy,
  waiting = false,
  label,
}: {
  failure: string | null;
  failureRef: RefObject<HTMLParagraphElement | null>;
  onCancel: () => void;
  busy: boolean;
  waiting?: boolean;
  label: string;
}) {
  useSignals();
  return (
    <>
      {failure && (
        <p ref={failureRef} tabIndex={-1} role="alert" className={failureCss} data-testid="report-failure">
          {failure}
        </p>
      )}
      <div className={actionsCss}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={busy || waiting} aria-busy={busy || waiting || undefined}>
          {label}
        </Button>
      </div>
    </>
  );
}
