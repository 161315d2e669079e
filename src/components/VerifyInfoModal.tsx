import { css } from "goober";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { readFailure } from "../api/failure";
import { fetchEmailMob, saveContactInfo } from "../api/profile";
import { DEFAULT_DIAL_CODE, stripNumber } from "../contract/common";
import { LIMITS, type Place, SAVED_MESSAGE, type VerifyInfoPayload, verifyInfoPayload, verifyInfoProblems } from "../contract/profile";
import { GEO_MESSAGE, type GeoOutcome, currentPosition, geoPermission } from "../lib/geolocation";
import { t } from "../signals/language";
import { gotEmailMob, markVerified, role, user } from "../signals/session";
import { showToast } from "../signals/toasts";
import { errorText, muted, stack } from "../styles/theme";
import { DialCodePicker } from "./DialCodePicker";
import { LocationSearch } from "./LocationSearch";
import { Overlay } from "./Overlay";
import { Button, TextField } from "./ui";

/** The address text stored when the current location is used (SPEC.md section 4). */
export const CURRENT_LOCATION = "Current Location";

const mobileRow = css`
  display: grid; grid-template-columns: minmax(112px, 38%) 1fr; gap: 8px; align-items: start;
`;
const checkRow = css`
  display: flex; align-items: center; gap: 10px; min-height: 44px; cursor: pointer; font-weight: 600; font-size: 15px;
  & input { width: 22px; height: 22px; accent-color: var(--brand); margin: 0; flex: none; }
`;

/** "Muscat, Oman" → city and country for the structured address. */
function partsOf(formatted: string): { city: string; country: string } {
  const at = formatted.lastIndexOf(", ");
  return at < 0 ? { city: formatted, country: "" } : { city: formatted.slice(0, at), country: formatted.slice(at + 2) };
}
const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

const FIELDS = ["email", "mob_no", "area_range", "respond_time"] as const;
type Field = (typeof FIELDS)[number];

/**
 * The verify-info modal (SPEC.md sections 2, 4 and 5): contact details for every role, plus area range, response
 * frequency and location for technicians. Saving marks the session verified; closing hides it until the next screen.
 */
export function VerifyInfoModal({ onClose }: { onClose: () => void }) {
  useSignals();
  const accountRole = role.value ?? 0;
  const tech = accountRole === 1;
  const initial = useRef(user.value).current;

  const [email, setEmail] = useState(initial?.email ?? "");
  const [dial, setDial] = useState(initial?.cntry_code || DEFAULT_DIAL_CODE);
  const [mobile, setMobile] = useState(initial?.mob_no ?? "");
  const [whatsapp, setWhatsapp] = useState(false);
  const [area, setArea] = useState("");
  const [frequency, setFrequency] = useState("");
  const [address, setAddress] = useState("");
  const [place, setPlace] = useState<{ city: string; country: string } | null>(null);
  const [coords, setCoords] = useState<{ lat: number; lng: number } | null>(null);
  const [useCurrent, setUseCurrent] = useState(false);
  const [locating, setLocating] = useState(false);
  const [geoMessage, setGeoMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  // The server's errors by field (an email already taken, D8), shown at the field until it is changed.
  const [taken, setTaken] = useState<Partial<Record<Field, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const alive = useRef(true);
  const edited = useRef(new Set<string>());
  const position = useRef<Promise<GeoOutcome> | null>(null);
  const wantCurrent = useRef(false);

  useEffect(() => {
    alive.current = true;
    // Prefill from GET /get_email_mob, only while the account is unverified; fields already typed in are kept.
    if (gotEmailMob.value === 0)
      fetchEmailMob().then(
        (data) => {
          if (!alive.current) return;
          if (data.email && !edited.current.has("email")) setEmail(data.email);
          if (data.mob_no && !edited.current.has("mob_no")) setMobile(data.mob_no);
          if (data.cntry_code && !edited.current.has("cntry_code")) setDial(data.cntry_code);
        },
        // SPEC.md section 8: a failed prefetch is only logged.
        (e) => console.error("verify-info prefill failed", e),
      );
    // Technicians: SPEC.md section 4 asks for the browser location on entry. Only when the browser already allows it,
    // silently, so the toggle can use it at once: otherwise a prompt, or 'Location access is denied', greeted someone
    // who had asked for nothing. The location messages answer the tick on 'Use Current Location'.
    if (tech)
      void geoPermission().then((state) => {
        if (alive.current && state === "granted" && !position.current) position.current = currentPosition();
      });
    return () => {
      alive.current = false;
    };
  }, []);

  const edit = (field: string) => {
    edited.current.add(field);
    setTaken((e) => (field in e ? { ...e, [field]: undefined } : e));
  };
  const touch = (field: Field) => () => setTouched((s) => (s[field] ? s : { ...s, [field]: true }));

  const toggleCurrent = async (on: boolean) => {
    wantCurrent.current = on;
    if (!on) {
      setUseCurrent(false);
      setCoords(null);
      setAddress("");
      setPlace(null);
      return;
    }
    setUseCurrent(true);
    setGeoMessage(null);
    setLocating(true);
    // A position found earlier is used; a failed or missing one is asked for now (they may have allowed it since).
    let outcome = position.current ? await position.current : null;
    if (!outcome?.ok) {
      position.current = currentPosition();
      outcome = await position.current;
    }
    if (!alive.current) return;
    setLocating(false);
    if (!wantCurrent.current) return;
    if (outcome.ok) {
      setCoords({ lat: outcome.lat, lng: outcome.lng });
      setAddress(CURRENT_LOCATION);
      setPlace(null);
    } else {
      wantCurrent.current = false;
      setUseCurrent(false);
      setGeoMessage(GEO_MESSAGE[outcome.reason]);
    }
  };

  const onSearchInput = (text: string) => {
    wantCurrent.current = false;
    setUseCurrent(false);
    setLocating(false);
    setAddress(text);
    setCoords(null);
    setPlace(null);
  };
  const onSelectPlace = (p: Place) => {
    wantCurrent.current = false;
    setUseCurrent(false);
    setAddress(p.formatted_address);
    setCoords({ lat: p.geometry.location.lat, lng: p.geometry.location.lng });
    setPlace(partsOf(p.formatted_address));
  };
  const onClearPlace = () => onSearchInput("");

  const payload: VerifyInfoPayload = {
    email: email.trim(),
    cntry_code: dial,
    mob_no: stripNumber(mobile),
    includeWhatsapp: whatsapp,
    area_range: tech ? numberOrNull(area) : null,
    respond_time: tech ? numberOrNull(frequency) : null,
    addres: tech ? address.trim() : "",
    // SPEC.md section 7 sends the structured address with fixed placeholders: empty parts, and the city and country
    // of a chosen place.
    addrs: { block: "", no: "", street: "", city: place?.city ?? "", state: "", zipcode: "", country: place?.country ?? "" },
    location: { lat: coords?.lat ?? null, lng: coords?.lng ?? null },
  };
  const problems = verifyInfoProblems(payload, accountRole);
  const canSubmit = Object.keys(problems).length === 0 && !saving && !locating;

  const errorFor = (field: Field): string | null => {
    if (taken[field]) return taken[field];
    if (!touched[field] || !problems[field]) return null;
    if (field === "email") return t(email.trim() ? "verify.errors.emailInvalid" : "verify.errors.emailRequired");
    if (field === "mob_no") return t(mobile.trim() ? "verify.errors.mobileInvalid" : "verify.errors.mobileRequired");
    // Which limit was missed: a value over the maximum said "greater than 0" (walked: 99999 km, 366 days).
    if (field === "area_range") {
      const km = payload.area_range ?? 0;
      return km > LIMITS.areaRangeMaxKm ? t("verify.errors.areaRangeMax", { max: LIMITS.areaRangeMaxKm }) : t("verify.errors.areaRange");
    }
    const days = payload.respond_time ?? 0;
    if (days > LIMITS.respondTimeMaxDays) return t("verify.errors.frequencyMax", { max: LIMITS.respondTimeMaxDays });
    return t(days >= 1 && !Number.isInteger(days) ? "verify.errors.frequencyWhole" : "verify.errors.frequency");
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    setSaving(true);
    // The contract's own reading of the form: the mobile as its national number (D16), as the server stores it.
    const checked = verifyInfoPayload.safeParse(payload);
    const body = checked.success ? checked.data : payload;
    try {
      const outcome = await saveContactInfo(accountRole, body);
      if (outcome.ok) {
        markVerified({ ...(body.email ? { email: body.email } : {}), mob_no: body.mob_no, cntry_code: body.cntry_code });
        showToast(outcome.message === SAVED_MESSAGE ? { key: "verify.saved" } : outcome.message, "success");
        onClose();
        return;
      }
      // SPEC.md section 8: an answer other than 200 is only logged.
      console.error("verify-info save answered", outcome.status);
    } catch (err) {
      const failure = await readFailure(err);
      const atFields: Partial<Record<Field, string>> = {};
      for (const f of FIELDS) if (failure.errors[f]) atFields[f] = failure.errors[f];
      if (!alive.current) return;
      if (Object.keys(atFields).length) {
        // At the field, where the eye is (a toast covered the button and the field was scrolled away).
        setTaken(atFields);
        requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      } else showToast({ key: "verify.saveFailed", message: failure.detail }, "error");
    } finally {
      if (alive.current) setSaving(false);
    }
  };

  return (
    <Overlay open title={t("verifyInfo.title")} onClose={onClose}>
      <form ref={formRef} className={stack} onSubmit={submit} noValidate aria-busy={saving}>
        <p className={muted}>{t("verify.intro")}</p>
        <TextField
          id="verify-email"
          label={t(accountRole === 0 ? "verify.email" : "verify.emailOptional")}
          type="email"
          autoComplete="email"
          inputMode="email"
          required={accountRole === 0}
          value={email}
          error={errorFor("email")}
          onChange={(e) => {
            edit("email");
            setEmail(e.target.value);
          }}
          onBlur={touch("email")}
        />
        <div className={mobileRow}>
          <DialCodePicker
            id="verify-dial"
            label={t("verify.dialCode")}
            value={dial}
            onChange={(code) => {
              edit("cntry_code");
              setDial(code);
            }}
          />
          <TextField
            id="verify-mobile"
            label={t("verify.mobile")}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            dir="ltr"
            value={mobile}
            error={errorFor("mob_no")}
            onChange={(e) => {
              edit("mob_no");
              setMobile(e.target.value);
            }}
            onBlur={touch("mob_no")}
          />
        </div>
        {tech && (
          <>
            <TextField
              id="verify-area"
              label={t("verify.areaRange")}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              required
              value={area}
              error={errorFor("area_range")}
              onChange={(e) => setArea(e.target.value)}
              onBlur={touch("area_range")}
            />
            <TextField
              id="verify-frequency"
              label={t("verify.frequency")}
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              required
              value={frequency}
              error={errorFor("respond_time")}
              onChange={(e) => setFrequency(e.target.value)}
              onBlur={touch("respond_time")}
            />
            <label className={checkRow}>
              <input
                type="checkbox"
                checked={useCurrent}
                onChange={(e) => void toggleCurrent(e.target.checked)}
                aria-describedby={geoMessage ? "verify-geo-message" : undefined}
              />
              <span>{t("verify.useCurrentLocation")}</span>
            </label>
            {locating && (
              <p role="status" className={muted}>
                {t("verify.locating")}
              </p>
            )}
            {geoMessage && (
              <p id="verify-geo-message" role="alert" className={errorText}>
                {t(geoMessage)}
              </p>
            )}
            <LocationSearch
              id="verify-location"
              label={t("verify.location")}
              value={useCurrent && address === CURRENT_LOCATION ? t("verify.currentLocation") : address}
              hint={t("verify.searchHint")}
              onInput={onSearchInput}
              onSelect={onSelectPlace}
              onClear={onClearPlace}
            />
          </>
        )}
        <label className={checkRow}>
          <input type="checkbox" checked={whatsapp} onChange={(e) => setWhatsapp(e.target.checked)} />
          <span>{t("verify.includeWhatsapp")}</span>
        </label>
        <Button type="submit" block disabled={!canSubmit}>
          {saving ? t("common.loading") : t("verify.submit")}
        </Button>
      </form>
    </Overlay>
  );
}
