import { css } from "goober";
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { fetchProperty } from "../../api/property";
import { type FileKind, addUnits, deleteProperty, deletePropertyFile, editProperty } from "../../api/property-edit";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DraftRestored } from "../../components/DraftRestored";
import { DiscardChanges } from "../../components/DiscardChanges";
import { ScreenTitle } from "../../components/ScreenTitle";
import { Button, Spinner } from "../../components/ui";
import { addUnits as addUnitsSchema, editProperty as editPropertySchema } from "../../contract/property";
import type { PropertyDetail, PropertyFile } from "../../contract/property-answers";
import { navigate, useHashSearch } from "../../lib/hash-location";
import { goBack, returnTo } from "../../lib/go-back";
import { mediaUrl } from "../../lib/media";
import { propertyEditDraftKey } from "../../lib/kept";
import { useDiscardGuard } from "../../lib/use-discard-guard";
import { useDraft } from "../../lib/use-draft";
import { useResource } from "../../lib/use-resource";
import { paths, type ViewProps } from "../../paths";
import { t } from "../../signals/language";
import { showToast } from "../../signals/toasts";
import { card, errorText, muted, page, stack } from "../../styles/theme";
import { actionsCss, formCss } from "./add-property";
import { failureOf, focusFirstError, saveFailure } from "./failure";
import { check } from "./form-rules";
import {
  emptyUnits,
  FilePickers,
  type PickedFile,
  type PropertyForm,
  PropertyFields,
  propertyBody,
  propertyFromDetail,
  sectionCss,
  type UnitsState,
  UnitsFields,
  UploadList,
  unitsFrom,
  useUploads,
  restoredFiles,
} from "./property-fields";

/** The property_id of the screen's query (`?property_id=N`), or null. */
export function usePropertyId(): number | null {
  const search = useHashSearch();
  const id = Number(new URLSearchParams(search).get("property_id"));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Loading, failure (with Try again) and "no such property in the link" for the screens that load a property. */
export function PropertyLoad({ title, id, children }: { title: string; id: number | null; children: (p: PropertyDetail, reload: () => void) => ReactNode }) {
  useSignals();
  const res = useResource((signal) => fetchProperty({ property_id: id as number }, signal), [id], { enabled: id != null });
  // A reload (after adding units or a tenant) keeps the screen and what it shows until the fresh answer arrives.
  const last = useRef<PropertyDetail | null>(null);
  if (res.data) last.current = res.data;
  const back = () => goBack(paths.home);
  const shown = res.data ?? (res.loading ? last.current : null);
  if (shown) return <>{children(shown, res.retry)}</>;
  return (
    <main className={page}>
      <ScreenTitle title={title} onBack={back} />
      {id == null ? (
        <p role="alert">{t("propertyForms.load.noProperty")}</p>
      ) : res.error ? (
        <div className={stack}>
          <p role="alert">{t("propertyForms.load.failed")}</p>
          <Button variant="secondary" onClick={res.retry}>
            {t("common.retry")}
          </Button>
        </div>
      ) : (
        <Spinner />
      )}
    </main>
  );
}

/** /property/edit-property?property_id=N: the add form filled in, when the server's `actions` allow "edit". */
export function EditPropertyView({ title }: ViewProps) {
  useSignals();
  const id = usePropertyId();
  return (
    <PropertyLoad title={t(title)} id={id}>
      {(p, reload) =>
        p.actions.includes("edit") ? (
          <EditForm key={p.property_id} property={p} title={t(title)} reload={reload} />
        ) : (
          <main className={page}>
            <ScreenTitle title={t(title)} onBack={() => goBack(paths.property(p.name))} />
            <div className={stack}>
              {/* The owner of a property a company runs: who edits it, and the way to edit it oneself (it said "its owner
                  can" to the owner). */}
              {p.actions.includes("take_back") ? (
                <>
                  <p role="alert">{t("propertyForms.edit.companyRuns", { company: p.company?.name ?? "" })}</p>
                  <a href={`#${paths.assignRole(p.property_id)}`} className={linkCss}>
                    {t("propertyForms.edit.companyRunsLink")}
                  </a>
                </>
              ) : (
                <p role="alert">{t("propertyForms.edit.notAllowed")}</p>
              )}
              <a href={`#${paths.property(p.name)}`} className={linkCss}>
                {t("propertyForms.edit.toProperty", { name: p.name })}
              </a>
            </div>
          </main>
        )
      }
    </PropertyLoad>
  );
}

// A property's name can be 80 letters without a space: the link wraps rather than push the page sideways.
export const linkCss = css`display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; overflow-wrap: anywhere; min-width: 0;`;
const existingList = css`
  list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px;
  & li { display: flex; align-items: center; gap: 10px; min-height: 48px; padding: 4px 8px; border: 1px solid var(--line); border-radius: 10px; background: #fff; }
  & img { width: 44px; height: 44px; object-fit: cover; border-radius: 6px; flex: none; }
  & .name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;
const unitNames = css`margin: 0; font-size: 14px; color: var(--muted); overflow-wrap: anywhere;`;

function EditForm({ property, title, reload }: { property: PropertyDetail; title: string; reload: () => void }) {
  useSignals();
  const initial = useMemo(() => propertyFromDetail(property), [property]);
  const [form, setForm] = useState<PropertyForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [photos, setPhotos] = useState<PropertyFile[]>(property.photos);
  const [documents, setDocuments] = useState<PropertyFile[]>(property.documents);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [units, setUnits] = useState<UnitsState>(() => emptyUnits());
  const [unitErrors, setUnitErrors] = useState<Record<string, string>>({});
  const [addingUnits, setAddingUnits] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const uploads = useUploads();
  const formRef = useRef<HTMLFormElement>(null);
  const unitsRef = useRef<HTMLFormElement>(null);
  const can = (a: string) => property.actions.includes(a);

  const dirty =
    !saved && (JSON.stringify(form) !== JSON.stringify(initial) || files.length > 0 || JSON.stringify(units) !== JSON.stringify(emptyUnits(units.mode)));
  // Kept on the phone as the add form's draft is: a reload or a closed tab loses nothing typed (the property as the
  // server has it comes first, then what was typed over it).
  const draft = useDraft<{ form: PropertyForm; units: UnitsState }>(
    propertyEditDraftKey(property.property_id),
    { done: !!saved, dirty, form: { form, units }, files },
    (kept) => {
      setForm(kept.form.form);
      setUnits(kept.form.units);
      setFiles(restoredFiles(kept.files));
    },
  );
  const guard = useDiscardGuard(dirty, draft.forget);
  const back = () => guard.leave(() => goBack(paths.property(property.name)));

  const set = (change: Partial<PropertyForm>) => {
    setForm((f) => ({ ...f, ...change }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(change)) delete next[k];
      if (change.addrs) for (const k of Object.keys(change.addrs)) delete next[`addrs.${k}`];
      return next;
    });
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const { errors: problems, data } = check(editPropertySchema, propertyBody(form));
    if (!data) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([k, key]) => [k, t(key)])));
      focusFirstError(formRef.current);
      return;
    }
    setBusy(true);
    try {
      await editProperty(property.property_id, data);
    } catch (err) {
      setErrors(await saveFailure(err, "propertyForms.edit.failed"));
      setBusy(false);
      focusFirstError(formRef.current);
      return;
    }
    // Forgotten now, not when `saved` renders: the form may go in the same commit (back to the property), and its
    // draft's last write, still waiting, put the old text back for the next edit (walked at 360 px).
    draft.forget();
    setSaved(data.name);
    const ok = files.length ? await uploads.sendAll(property.property_id, files) : true;
    setBusy(false);
    if (ok) {
      showToast({ key: "propertyForms.edit.done" }, "success", { id: "property-form" });
      returnTo(paths.property(data.name));
    }
  }

  async function removeFile(f: PropertyFile, kind: "photo" | "document") {
    try {
      await deletePropertyFile(f.file_id);
      (kind === "photo" ? setPhotos : setDocuments)((list) => list.filter((x) => x.file_id !== f.file_id));
      showToast({ key: "propertyForms.files.removed" }, "success", { id: "property-file" });
    } catch (err) {
      showToast({ key: "propertyForms.files.removeFailed", message: (await failureOf(err)).detail }, "error", { id: "property-file" });
    }
  }

  async function sendUnits(e: FormEvent) {
    e.preventDefault();
    if (addingUnits) return;
    const made = unitsFrom(units);
    if ("errors" in made) {
      setUnitErrors(made.errors);
      focusFirstError(unitsRef.current);
      return;
    }
    const { errors: problems, data } = check(addUnitsSchema, { units: made.units });
    if (!data) {
      setUnitErrors({ units: t(problems.units ?? "propertyForms.errors.invalid") });
      return;
    }
    setAddingUnits(true);
    try {
      await addUnits(property.property_id, data);
      showToast({ key: "propertyForms.units.added", params: { count: data.units.length } }, "success", { id: "property-units" });
      setUnits(emptyUnits(units.mode));
      setUnitErrors({});
      reload();
    } catch (err) {
      const failure = await failureOf(err);
      setUnitErrors({ units: failure.errors.units ?? failure.detail ?? t("propertyForms.units.addFailed") });
    } finally {
      setAddingUnits(false);
    }
  }

  async function remove() {
    setDeleteError(null);
    try {
      await deleteProperty(property.property_id);
    } catch (err) {
      // 409 while an issue is open: the server says why, in the user's language.
      const failure = await failureOf(err);
      setDeleteError(failure.detail ?? t("propertyForms.delete.failed"));
      throw err;
    }
    setDeleting(false);
    showToast({ key: "propertyForms.delete.done", params: { name: property.name } }, "success", { id: "property-form" });
    navigate(paths.home, { replace: true });
  }

  const fileRow = (f: PropertyFile, kind: "photo" | "document") => (
    <li key={f.file_id}>
      {kind === "photo" && (f.url || f.path) && <img src={mediaUrl(f)} alt="" />}
      <span className="name">
        <bdi>{f.name ?? t(kind === "photo" ? "propertyForms.files.photo" : "propertyForms.files.document")}</bdi>
      </span>
      <Button variant="ghost" onClick={() => void removeFile(f, kind)} aria-label={t("propertyForms.files.removeNamed", { name: f.name ?? String(f.file_id) })}>
        {t("propertyForms.files.remove")}
      </Button>
    </li>
  );

  if (saved && uploads.items.length && !busy)
    return (
      <main className={page}>
        <ScreenTitle title={title} onBack={() => navigate(paths.property(saved), { replace: true })} />
        <div className={stack}>
          <p role="status">{t("propertyForms.edit.savedFilesLeft")}</p>
          <UploadList items={uploads.items} onRetry={(u) => void uploads.retry(property.property_id, u)} />
          <Button onClick={() => navigate(paths.property(saved), { replace: true })}>{t("propertyForms.add.openProperty")}</Button>
        </div>
      </main>
    );

  return (
    <main className={page}>
      <ScreenTitle title={title} onBack={back} />
      <div className={formCss}>
        <form ref={formRef} className={formCss} noValidate onSubmit={save}>
          {draft.restored && <DraftRestored text={t("propertyForms.edit.restored")} />}
          <PropertyFields form={form} errors={errors} set={set} idPrefix="edit" />
          {(photos.length > 0 || documents.length > 0) && (
            <section className={sectionCss} aria-labelledby="existing-files">
              <h2 id="existing-files">{t("propertyForms.files.existing")}</h2>
              <ul className={existingList}>
                {photos.map((f) => fileRow(f, "photo"))}
                {documents.map((f) => fileRow(f, "document"))}
              </ul>
            </section>
          )}
          {(can("upload") || can("edit")) && (
            <FilePickers files={files} onChange={setFiles} existingPhotos={photos.length} existingDocuments={documents.length} idPrefix="edit-files" />
          )}
          {busy && <UploadList items={uploads.items} onRetry={() => undefined} />}
          <div className={actionsCss}>
            <Button variant="secondary" onClick={back} disabled={busy}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t("propertyForms.edit.submitting") : t("propertyForms.edit.submit")}
            </Button>
          </div>
        </form>

        {(can("add_units") || can("edit")) && (
          <form ref={unitsRef} className={`${card} ${stack}`} noValidate onSubmit={sendUnits} aria-labelledby="add-units-title">
            <h2 id="add-units-title" className={css`font-size: 17px; margin: 0;`}>
              {t("propertyForms.units.addTitle")}
            </h2>
            <p className={unitNames}>
              {property.units.length
                ? t("propertyForms.units.existing", { count: property.units.length, names: property.units.map((u) => u.name).join(t("common.listSep")) })
                : t("propertyForms.units.none")}
            </p>
            <UnitsFields
              value={units}
              onChange={(u) => {
                setUnits(u);
                setUnitErrors({});
              }}
              errors={unitErrors}
              idPrefix="more-units"
            />
            <Button type="submit" variant="secondary" disabled={addingUnits} aria-busy={addingUnits || undefined}>
              {addingUnits ? t("propertyForms.units.adding") : t("propertyForms.units.add")}
            </Button>
          </form>
        )}

        {can("delete") && (
          <section className={`${card} ${stack}`} aria-labelledby="delete-title">
            <h2 id="delete-title" className={css`font-size: 17px; margin: 0;`}>
              {t("propertyForms.delete.title")}
            </h2>
            <p className={muted}>{t("propertyForms.delete.hint")}</p>
            <Button
              variant="danger"
              onClick={() => {
                setDeleteError(null);
                setDeleting(true);
              }}
            >
              {t("propertyForms.delete.button")}
            </Button>
          </section>
        )}
      </div>
      <ConfirmDelete
        open={deleting}
        title={t("propertyForms.delete.confirmTitle")}
        what={
          <>
            <p className={css`margin: 0;`}>{t("propertyForms.delete.what", { name: property.name, count: property.units.length })}</p>
            {deleteError && (
              <p role="alert" className={errorText}>
                {deleteError}
              </p>
            )}
          </>
        }
        onCancel={() => setDeleting(false)}
        onConfirm={remove}
      />
      <DiscardChanges guard={guard} />
    </main>
  );
}
