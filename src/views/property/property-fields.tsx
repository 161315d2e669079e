// The parts the add and edit property forms share: the property's own fields (name, type, place and pin, address,
// access notes), the units (one, or a generated range), the photo and document pickers, and the upload list that
// sends one file per request and lets a failed one be tried again.
import { LimitNote } from "../../components/LimitNote";
import { css } from "goober";
import { Suspense, useEffect, useMemo, useState } from "react";
import { displayName } from "../../lib/display-names";
import { lazyOf } from "../../lib/load-again";
import { useSignals } from "@preact/signals-react/runtime";
import { type FileKind, uploadPropertyFile } from "../../api/property-edit";
import { Button, Field, SelectField, TextField } from "../../components/ui";
import { typedDir } from "../../lib/typed-dir";
import { LocationSearch } from "../../components/LocationSearch";
import { gulfCountryOf } from "../../contract/money";
import { PROPERTY_TYPES, type PropertyType } from "../../contract/property";
import type { PropertyDetail } from "../../contract/property-answers";
import { MediaError } from "../../lib/image-compress";
import { unitCount, unitRange, type UnitRangeField } from "../../lib/unit-range";
import { useUploadQueue } from "../../lib/upload-queue";
import { lang, t } from "../../signals/language";
import { cx, errorText, muted } from "../../styles/theme";
import { formatAddress } from "../../lib/address";
import { failureOf } from "./failure";

// The pin map brings Leaflet; its own code loads only when the user opens the map.
const PinMap = lazyOf(() => import("../../components/property/PinMap").then((m) => m.PinMap));

export const MAX_PHOTOS = 10;
export const MAX_DOCUMENTS = 10;
/** Gulf countries first (LOOP.md: the receipt's VAT and currency follow the country). */
export const GULF = ["OM", "AE", "SA", "KW", "QA", "BH"] as const;
const ADDRESS_PARTS = ["block", "no", "street", "city", "state", "zipcode"] as const;

export interface Addrs {
  block: string;
  no: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}
export interface PropertyForm {
  name: string;
  type: PropertyType | "";
  addres: string;
  addrs: Addrs;
  location: { lat: number; lng: number } | null;
  access_notes: string;
}

export const emptyProperty = (): PropertyForm => ({
  name: "",
  type: "",
  addres: "",
  addrs: { block: "", no: "", street: "", city: "", state: "", zipcode: "", country: "OM" },
  location: null,
  access_notes: "",
});

const text = (v: unknown) => (typeof v === "string" ? v : "");
/**
 * The form's country code for a property's country as stored: a two-letter code as the form writes it, or a Gulf
 * country by name (the demo data and rows written by hand say "Oman"); anything else is none, and the form asks.
 */
export function countryCode(stored: unknown): string {
  const v = text(stored).trim();
  return /^[a-z]{2}$/i.test(v) ? v.toUpperCase() : (gulfCountryOf(v) ?? "");
}

/** The edit form filled in from the loaded property. */
export function propertyFromDetail(p: PropertyDetail): PropertyForm {
  const a = (p.addrs ?? {}) as Record<string, unknown>;
  const loc = p.location;
  return {
    name: p.name,
    type: (PROPERTY_TYPES as readonly string[]).includes(p.type) ? (p.type as PropertyType) : "",
    addres: p.addres ?? "",
    addrs: {
      block: text(a.block),
      no: text(a.no),
      street: text(a.street),
      city: text(a.city),
      state: text(a.state),
      zipcode: text(a.zipcode),
      country: countryCode(a.country),
    },
    location: loc && typeof loc.lat === "number" && typeof loc.lng === "number" ? { lat: loc.lat, lng: loc.lng } : null,
    access_notes: p.access_notes ?? "",
  };
}

/** The body fields of add_property and PUT property (the contract trims and checks them). */
export const propertyBody = (f: PropertyForm) => ({
  name: f.name,
  type: f.type || undefined,
  addres: f.addres,
  addrs: f.addrs,
  location: f.location,
  access_notes: f.access_notes,
});

export const sectionCss = css`
  display: flex; flex-direction: column; gap: 12px; border: 0; padding: 0; margin: 0; min-width: 0;
  & > legend, & > h2 { font-weight: 700; font-size: 17px; padding: 0; margin-block-end: 4px; }
`;
const formGrid = css`display: grid; grid-template-columns: repeat(auto-fit, minmax(8.5rem, 1fr)); gap: 10px;`;
const typeCards = css`
  display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px;
  @media (min-width: 560px) { grid-template-columns: repeat(4, minmax(0, 1fr)); }
  & label {
    display: flex; align-items: center; gap: 10px; min-height: 56px; padding: 10px 12px; cursor: pointer;
    border: 1px solid var(--line); border-radius: 12px; background: #fff; font-weight: 600;
  }
  & input { width: 20px; height: 20px; accent-color: var(--brand); flex: none; margin: 0; }
  & label:has(input:checked) { border-color: var(--brand); background: var(--brand-soft); }
  & label:has(input:focus-visible) { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;
const textareaCss = css`resize: vertical; min-height: 96px;`;

type Errors = Record<string, string | undefined>;

/** Name, type (radio cards), place search with a pin, address parts and access notes. */
export function PropertyFields({
  form,
  errors,
  set,
  idPrefix = "prop",
}: {
  form: PropertyForm;
  errors: Errors;
  set: (change: Partial<PropertyForm>) => void;
  idPrefix?: string;
}) {
  useSignals();
  const [mapOpen, setMapOpen] = useState(false);
  const id = (f: string) => `${idPrefix}-${f}`;
  const countries = countryOptions(lang.value, form.addrs.country);
  const setAddr = (k: keyof Addrs, v: string) => set({ addrs: { ...form.addrs, [k]: v } });
  return (
    <>
      <TextField
        id={id("name")}
        name="name"
        label={t("propertyForms.fields.name")}
        autoComplete="off"
        maxLength={80}
        required
        value={form.name}
        error={errors.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
      />
      <fieldset className={sectionCss} aria-describedby={errors.type ? id("type-error") : undefined}>
        <legend>{t("propertyForms.fields.type")}</legend>
        <div className={typeCards}>
          {PROPERTY_TYPES.map((type, i) => (
            <label key={type}>
              <input
                type="radio"
                name={id("type")}
                value={type}
                checked={form.type === type}
                aria-invalid={errors.type && i === 0 ? true : undefined}
                onChange={() => set({ type })}
              />
              <span>{t(`propertyForms.types.${type}`)}</span>
            </label>
          ))}
        </div>
        {errors.type && (
          <p id={id("type-error")} role="alert" className={errorText}>
            {errors.type}
          </p>
        )}
      </fieldset>

      <fieldset className={sectionCss}>
        <legend>{t("propertyForms.location.title")}</legend>
        <LocationSearch
          id={id("place")}
          label={t("propertyForms.location.search")}
          value={form.addres}
          error={errors.addres ?? errors.location}
          onInput={(addres) => set({ addres })}
          onSelect={(place) =>
            set({
              addres: place.formatted_address,
              location: { lat: place.geometry.location.lat, lng: place.geometry.location.lng },
              // The place's country is the property's (it sets the receipt's currency and VAT); its town fills an empty city.
              addrs: { ...form.addrs, city: form.addrs.city || place.city || "", country: place.country_code || form.addrs.country },
            })
          }
          onClear={() => set({ addres: "", location: null })}
        />
        <p className={muted}>
          {form.location
            ? // Isolated left to right, so the pair keeps its order in an Arabic sentence.
              t("propertyForms.location.pinned", { at: `\u2066${form.location.lat.toFixed(5)}, ${form.location.lng.toFixed(5)}\u2069` })
            : t("propertyForms.location.noPin")}
        </p>
        {mapOpen ? (
          <Suspense fallback={<p className={muted}>{t("common.loading")}</p>}>
            <p className={muted}>{t("propertyForms.location.mapHint")}</p>
            <PinMap value={form.location} onChange={(location) => set({ location })} />
          </Suspense>
        ) : (
          <Button variant="secondary" onClick={() => setMapOpen(true)}>
            {t("propertyForms.location.openMap")}
          </Button>
        )}
        <div className={formGrid}>
          {ADDRESS_PARTS.map((k) => (
            <TextField
              key={k}
              id={id(`addrs-${k}`)}
              label={t(`propertyForms.address.${k}`)}
              autoComplete="off"
              value={form.addrs[k]}
              error={errors[`addrs.${k}`]}
              onChange={(e) => setAddr(k, e.currentTarget.value)}
            />
          ))}
          <SelectField
            id={id("addrs-country")}
            label={t("propertyForms.address.country")}
            value={form.addrs.country}
            error={errors["addrs.country"]}
            onChange={(e) => setAddr("country", e.currentTarget.value)}
          >
            <option value="">{t("propertyForms.address.noCountry")}</option>
            {countries.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
        </div>
        {/* SPEC.md's rule shows no address with fewer than two of block, number and street and no place picked: typed
            street, city and country read "Address not added" on the property (walked at 360 px), without a word here. */}
        {!formatAddress(form.addres, form.addrs) && ADDRESS_PARTS.some((k) => form.addrs[k].trim()) && (
          <p className={muted} data-testid="address-not-shown">
            {t("propertyForms.address.notShown")}
          </p>
        )}
      </fieldset>

      <Field id={id("notes")} label={t("propertyForms.fields.notes")} error={errors.access_notes} hint={t("propertyForms.fields.notesHint")}>
        <textarea
          id={id("notes")}
          className={textareaCss}
          maxLength={1000}
          rows={3}
          value={form.access_notes}
          dir={typedDir(form.access_notes)}
          aria-invalid={errors.access_notes ? true : undefined}
          aria-describedby={errors.access_notes ? id("notes-error") : id("notes-hint")}
          onChange={(e) => set({ access_notes: e.currentTarget.value })}
        />
        <LimitNote length={form.access_notes.length} max={1000} />
      </Field>
    </>
  );
}

/**
 * The Gulf countries, then a few others, named in the user's language by the browser (D12: no bytes); a property's own
 * country is offered too when the short list lacks it, so editing shows it rather than a blank choice.
 */
function countryOptions(language: string, current: string): [string, string][] {
  const name = (c: string) => displayName("region", language, c) ?? c;
  const gulf: string[] = [...GULF];
  // A few countries owners in the Gulf also hold property in; the list stays short for a select on a phone.
  const others = ["EG", "JO", "LB", "IN", "PK", "GB", "US"];
  if (current && !gulf.includes(current) && !others.includes(current)) others.push(current);
  return [
    ...gulf.map((c) => [c, name(c)] as [string, string]),
    ...others.map((c) => [c, name(c)] as [string, string]).sort((a, b) => a[1].localeCompare(b[1], language)),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Units

export interface UnitsState {
  mode: "single" | "range";
  single: string;
  prefix: string;
  from: string;
  to: string;
  floors: boolean;
  floorFrom: string;
  floorTo: string;
}
export const emptyUnits = (mode: UnitsState["mode"] = "range"): UnitsState => ({
  mode,
  single: "",
  prefix: "",
  from: "",
  to: "",
  floors: false,
  floorFrom: "",
  floorTo: "",
});

/** The unit names the inputs make, or the fields' messages (translated). */
export function unitsFrom(u: UnitsState): { units: string[] } | { errors: Record<string, string> } {
  if (u.mode === "single") return u.single.trim() ? { units: [u.single.trim()] } : { errors: { "units.single": t("propertyForms.errors.unitNameRequired") } };
  const r = unitRange({ prefix: u.prefix, from: u.from, to: u.to, floors: u.floors ? { from: u.floorFrom, to: u.floorTo } : null });
  if (r.ok) return { units: r.units };
  const errors: Record<string, string> = {};
  for (const [field, key] of Object.entries(r.errors) as [UnitRangeField, string][]) errors[`units.${field}`] = t(key, r.params);
  return { errors };
}

const unitRow = css`display: grid; grid-template-columns: repeat(auto-fit, minmax(7rem, 1fr)); gap: 10px;`;
const modeRow = css`
  display: flex; flex-wrap: wrap; gap: 8px;
  & label { display: flex; align-items: center; gap: 8px; min-height: 44px; padding: 6px 12px; border: 1px solid var(--line); border-radius: 999px; cursor: pointer; }
  & label:has(input:checked) { border-color: var(--brand); background: var(--brand-soft); }
  & input { width: 18px; height: 18px; accent-color: var(--brand); margin: 0; }
`;
const checkRow = css`display: flex; align-items: center; gap: 10px; min-height: 44px; & input { width: 20px; height: 20px; accent-color: var(--brand); }`;
const previewCss = css`
  margin: 0; padding: 10px 12px; border-radius: 10px; background: var(--brand-soft); color: var(--brand-dark); font-size: 14px;
  overflow-wrap: anywhere;
`;

/** One unit, or a generated range (from, to, optional prefix, optional floors) with its count and a preview. */
export function UnitsFields({
  value,
  onChange,
  errors,
  idPrefix = "units",
}: {
  value: UnitsState;
  onChange: (u: UnitsState) => void;
  errors: Errors;
  idPrefix?: string;
}) {
  useSignals();
  const set = (change: Partial<UnitsState>) => onChange({ ...value, ...change });
  const id = (f: string) => `${idPrefix}-${f}`;
  const count =
    value.mode === "range" ? unitCount({ from: value.from, to: value.to, floors: value.floors ? { from: value.floorFrom, to: value.floorTo } : null }) : null;
  const preview = useMemo(() => {
    if (value.mode !== "range" || !count) return null;
    const r = unitRange({ prefix: value.prefix, from: value.from, to: value.to, floors: value.floors ? { from: value.floorFrom, to: value.floorTo } : null });
    if (!r.ok) return null;
    const sep = t("common.listSep");
    return r.units.length > 6 ? `${r.units.slice(0, 3).join(sep)} … ${r.units.slice(-2).join(sep)}` : r.units.join(sep);
  }, [value, count, lang.value]);
  const err = (f: string) => errors[`units.${f}`];
  return (
    <>
      <div className={modeRow} role="radiogroup" aria-label={t("propertyForms.units.mode")}>
        {(["single", "range"] as const).map((m) => (
          <label key={m}>
            <input type="radio" name={id("mode")} value={m} checked={value.mode === m} onChange={() => set({ mode: m })} />
            {t(`propertyForms.units.${m}`)}
          </label>
        ))}
      </div>
      {value.mode === "single" ? (
        <TextField
          id={id("single")}
          label={t("propertyForms.units.singleName")}
          hint={t("propertyForms.units.singleHint")}
          autoComplete="off"
          maxLength={20}
          value={value.single}
          error={err("single")}
          onChange={(e) => set({ single: e.currentTarget.value })}
        />
      ) : (
        <>
          <div className={unitRow}>
            <TextField
              id={id("from")}
              label={t("propertyForms.units.from")}
              inputMode="numeric"
              autoComplete="off"
              value={value.from}
              error={err("from")}
              onChange={(e) => set({ from: e.currentTarget.value })}
            />
            <TextField
              id={id("to")}
              label={t("propertyForms.units.to")}
              inputMode="numeric"
              autoComplete="off"
              value={value.to}
              error={err("to")}
              onChange={(e) => set({ to: e.currentTarget.value })}
            />
            <TextField
              id={id("prefix")}
              label={t("propertyForms.units.prefix")}
              autoComplete="off"
              maxLength={10}
              value={value.prefix}
              error={err("prefix")}
              onChange={(e) => set({ prefix: e.currentTarget.value })}
            />
          </div>
          <label className={checkRow}>
            <input type="checkbox" checked={value.floors} onChange={(e) => set({ floors: e.currentTarget.checked })} />
            {t("propertyForms.units.floors")}
          </label>
          {value.floors && (
            <>
              {/* The range is then each floor's numbers: 101 to 104 on floors 1 to 3 made 1101 to 3104 (walked at 360 px). */}
              <p className={previewCss} data-testid="floors-hint">
                {t("propertyForms.units.floorsHint")}
              </p>
              <div className={unitRow}>
                <TextField
                  id={id("floor-from")}
                  label={t("propertyForms.units.floorFrom")}
                  inputMode="numeric"
                  autoComplete="off"
                  value={value.floorFrom}
                  error={err("floorFrom")}
                  onChange={(e) => set({ floorFrom: e.currentTarget.value })}
                />
                <TextField
                  id={id("floor-to")}
                  label={t("propertyForms.units.floorTo")}
                  inputMode="numeric"
                  autoComplete="off"
                  value={value.floorTo}
                  error={err("floorTo")}
                  onChange={(e) => set({ floorTo: e.currentTarget.value })}
                />
              </div>
            </>
          )}
          {err("range") && (
            <p role="alert" className={errorText}>
              {err("range")}
            </p>
          )}
          <p className={previewCss} aria-live="polite" data-testid="unit-preview">
            {/* With floors, the floors' own hint above says what the range is (this one's 101 and 110 would contradict it). */}
            {count ? t("propertyForms.units.count", { count }) : value.floors ? null : t("propertyForms.units.rangeHint")}
            {preview && (
              <>
                {": "}
                <bdi>{preview}</bdi>
              </>
            )}
          </p>
        </>
      )}
      {errors.units && (
        <p role="alert" className={errorText}>
          {errors.units}
        </p>
      )}
    </>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Files

export interface PickedFile {
  key: string;
  kind: FileKind;
  file: File;
}
let counter = 0;
/** The files of a draft kept on the phone, picked again (the add and edit forms). */
export const restoredFiles = (kept: readonly { kind: string; file: File }[]): PickedFile[] =>
  kept.map(({ kind, file }, i) => ({ key: `restored-${i}`, kind: kind as FileKind, file }));
const pick = (kind: FileKind, files: FileList | null): PickedFile[] => [...(files ?? [])].map((file) => ({ key: `${kind}-${++counter}`, kind, file }));

const fileButtons = css`
  display: flex; flex-wrap: wrap; gap: 8px;
  & label {
    display: inline-flex; align-items: center; justify-content: center; min-height: 48px; padding: 10px 16px; border-radius: 10px;
    border: 1px solid var(--brand); color: var(--brand-dark); background: #fff; font-weight: 600; cursor: pointer;
  }
  & label:has(input:focus-visible) { outline: 3px solid #f59e0b; outline-offset: 2px; }
  & label[aria-disabled="true"] { opacity: 0.5; cursor: not-allowed; }
  & input { position: absolute; width: 1px; height: 1px; opacity: 0; }
`;
const fileList = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px;
  & li { display: flex; align-items: center; gap: 10px; min-height: 48px; padding: 4px 8px; border: 1px solid var(--line); border-radius: 10px; background: #fff; }
  & img { width: 44px; height: 44px; object-fit: cover; border-radius: 6px; flex: none; }
  & .name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

/** A small preview of a picked photo (an object URL, freed when it goes). */
function Thumb({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== "function" || !file.type.startsWith("image/")) return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url ? <img src={url} alt="" /> : null;
}

/** Photos (camera or gallery, up to 10 with those already there) and documents (PDF or images), before sending. */
export function FilePickers({
  files,
  onChange,
  existingPhotos = 0,
  existingDocuments = 0,
  idPrefix = "files",
}: {
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  existingPhotos?: number;
  existingDocuments?: number;
  idPrefix?: string;
}) {
  useSignals();
  const photos = files.filter((f) => f.kind === "photo");
  const documents = files.filter((f) => f.kind === "document");
  const roomPhotos = MAX_PHOTOS - existingPhotos - photos.length;
  const roomDocs = MAX_DOCUMENTS - existingDocuments - documents.length;
  const [note, setNote] = useState<string | null>(null);
  const add = (kind: FileKind, list: FileList | null, input: HTMLInputElement) => {
    const room = kind === "photo" ? roomPhotos : roomDocs;
    const picked = pick(kind, list);
    input.value = "";
    setNote(
      picked.length > room ? t(kind === "photo" ? "propertyForms.files.tooManyPhotos" : "propertyForms.files.tooManyDocuments", { max: MAX_PHOTOS }) : null,
    );
    onChange([...files, ...picked.slice(0, Math.max(0, room))]);
  };
  const remove = (key: string) => onChange(files.filter((f) => f.key !== key));
  const list = (items: PickedFile[]) =>
    items.length > 0 && (
      <ul className={fileList}>
        {items.map((f) => (
          <li key={f.key}>
            <Thumb file={f.file} />
            <span className="name">
              <bdi>{f.file.name || t("propertyForms.files.unnamed")}</bdi>
            </span>
            <Button variant="ghost" onClick={() => remove(f.key)} aria-label={t("propertyForms.files.removeNamed", { name: f.file.name })}>
              {t("propertyForms.files.remove")}
            </Button>
          </li>
        ))}
      </ul>
    );
  return (
    <>
      <fieldset className={sectionCss}>
        <legend>{t("propertyForms.files.photos")}</legend>
        <p className={muted}>{t("propertyForms.files.photosHint", { max: MAX_PHOTOS, room: Math.max(0, roomPhotos) })}</p>
        <div className={fileButtons}>
          <label aria-disabled={roomPhotos <= 0 || undefined}>
            <input
              id={`${idPrefix}-camera`}
              type="file"
              accept="image/*"
              capture="environment"
              disabled={roomPhotos <= 0}
              onChange={(e) => add("photo", e.currentTarget.files, e.currentTarget)}
            />
            {t("propertyForms.files.takePhoto")}
          </label>
          <label aria-disabled={roomPhotos <= 0 || undefined}>
            <input
              id={`${idPrefix}-photos`}
              type="file"
              accept="image/*"
              multiple
              disabled={roomPhotos <= 0}
              onChange={(e) => add("photo", e.currentTarget.files, e.currentTarget)}
            />
            {t("propertyForms.files.choosePhotos")}
          </label>
        </div>
        {list(photos)}
      </fieldset>
      <fieldset className={sectionCss}>
        <legend>{t("propertyForms.files.documents")}</legend>
        <p className={muted}>{t("propertyForms.files.documentsHint")}</p>
        <div className={fileButtons}>
          <label aria-disabled={roomDocs <= 0 || undefined}>
            <input
              id={`${idPrefix}-documents`}
              type="file"
              accept="application/pdf,image/*"
              multiple
              disabled={roomDocs <= 0}
              onChange={(e) => add("document", e.currentTarget.files, e.currentTarget)}
            />
            {t("propertyForms.files.chooseDocuments")}
          </label>
        </div>
        {list(documents)}
      </fieldset>
      {note && (
        <p role="status" className={muted}>
          {note}
        </p>
      )}
    </>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Uploads

export type UploadState = "waiting" | "sending" | "done" | "failed";
export interface Upload extends PickedFile {
  state: UploadState;
  error?: string;
}

/** Sends files one request each, in turn (src/lib/upload-queue.ts); a failed one keeps its error and can be sent again on its own. */
export function useUploads() {
  const { queue, items: queued } = useUploadQueue<PickedFile>({
    idOf: (f) => f.key,
    errorOf: async (e) => (e instanceof MediaError ? t(e.key, e.params) : ((await failureOf(e)).detail ?? t("propertyForms.files.failed"))),
  });
  const items: Upload[] = queued.map((q) => ({ ...q.file, state: q.state === "sent" ? "done" : q.state, error: q.error }));

  /** Sends every file; resolves to whether all arrived. */
  const sendAll = async (propertyId: number, files: PickedFile[]): Promise<boolean> => {
    queue.reset();
    queue.add(files, (f, key) => uploadPropertyFile(propertyId, f.kind, f.file, key));
    await queue.idle();
    return queue.items.every((i) => i.state === "sent");
  };
  // The property id is the one the file was first sent with (sendAll's).
  const retry = (_propertyId: number, u: PickedFile) => queue.retry(u.key);
  return { items, sendAll, retry, reset: () => queue.reset() };
}

const progressCss = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px;
  & li { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; min-height: 48px; padding: 6px 10px; border: 1px solid var(--line); border-radius: 10px; background: #fff; }
  & .name { flex: 1; min-width: 8rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  & .state { font-size: 14px; font-weight: 600; }
  & [data-state="done"] .state { color: var(--ok); }
  & [data-state="failed"] .state { color: var(--danger); }
  & .error { flex-basis: 100%; margin: 0; }
`;

/** Each file's progress ("2 of 5 sent"), with Try again on a failed one. */
export function UploadList({ items, onRetry }: { items: Upload[]; onRetry: (u: Upload) => void }) {
  useSignals();
  if (!items.length) return null;
  const done = items.filter((u) => u.state === "done").length;
  return (
    <section className={sectionCss} aria-labelledby="uploads-title">
      <h2 id="uploads-title">{t("propertyForms.upload.title")}</h2>
      <p role="status" className={muted}>
        {t("propertyForms.upload.progress", { done, total: items.length })}
      </p>
      <ul className={progressCss}>
        {items.map((u) => (
          <li key={u.key} data-state={u.state} data-testid="upload-item">
            <span className="name">
              <bdi>{u.file.name || t("propertyForms.files.unnamed")}</bdi>
            </span>
            <span className="state">{t(`propertyForms.upload.${u.state}`)}</span>
            {u.state === "failed" && (
              <Button variant="secondary" onClick={() => onRetry(u)} aria-label={t("propertyForms.upload.retryNamed", { name: u.file.name })}>
                {t("common.retry")}
              </Button>
            )}
            {u.error && <p className={cx(errorText, "error")}>{u.error}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
