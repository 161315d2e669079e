import { css } from "goober";
import { type ReactNode, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { removePhoto, uploadPhoto } from "../../api/account";
import { AccountPicture, PicturePicker, pictureUrl, sectionCss } from "../../components/account/parts";
import type { AccountProfile } from "../../contract/account";
import { MediaError } from "../../lib/image-compress";
import { t } from "../../signals/language";
import { showToast, type ToastWords } from "../../signals/toasts";
import { failureOf, initialsOf, phoneOf } from "./rules";

const whoCss = css`
  display: flex; align-items: center; gap: 14px;
  & .who { min-width: 0; display: flex; flex-direction: column; gap: 2px; }
  & .name { font-size: 19px; font-weight: 700; margin: 0; overflow-wrap: anywhere; }
  & .line { margin: 0; color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
`;

/** What a failed picture upload says: the photo the phone could not read, the server's sentence, or `fallbackKey`. */
export async function pictureFailure(err: unknown, fallbackKey: string): Promise<ToastWords> {
  if (err instanceof MediaError) return { key: err.key, params: err.params };
  return { key: fallbackKey, message: (await failureOf(err)).detail };
}

/** Who is signed in: the picture (or initials), the name, the email and the mobile; `children` are the card's actions. */
export function WhoCard({
  name,
  email,
  phone,
  src,
  children,
}: {
  name: string;
  email?: string | null;
  phone?: string;
  src: string | null;
  children?: ReactNode;
}) {
  useSignals();
  return (
    <section className={sectionCss} aria-label={t("account.photo.section")} data-testid="profile-card">
      <div className={whoCss}>
        <AccountPicture src={src} initials={initialsOf(name)} size={72} />
        <div className="who">
          <p className="name">
            <bdi>{name}</bdi>
          </p>
          {email && (
            <p className="line">
              <bdi dir="ltr">{email}</bdi>
            </p>
          )}
          {phone && (
            <p className="line">
              <bdi dir="ltr">{phone}</bdi>
            </p>
          )}
        </div>
      </div>
      {children}
    </section>
  );
}

/** The top card with the photo's Change and Remove. */
export function PhotoCard({ profile, onSaved }: { profile: AccountProfile; onSaved: (p: AccountProfile) => void }) {
  useSignals();
  const [busy, setBusy] = useState(false);
  const src = pictureUrl(profile.profile);

  const run = async (send: () => ReturnType<typeof removePhoto>, doneKey: string, failKey: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await send();
      onSaved(answer.data);
      showToast({ key: doneKey, message: answer.message }, "success", { id: "account-photo" });
    } catch (err) {
      showToast(await pictureFailure(err, failKey), "error", { id: "account-photo" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <WhoCard name={profile.name} email={profile.email} phone={phoneOf(profile)} src={src}>
      <PicturePicker
        id="profile-photo-file"
        changeLabel={t(src ? "account.photo.change" : "account.photo.add")}
        removeLabel={t("account.photo.remove")}
        busy={busy}
        onPick={(file) => void run(() => uploadPhoto(file), "account.photo.saved", "account.photo.failed")}
        onRemove={src ? () => void run(removePhoto, "account.photo.removed", "account.photo.removeFailed") : undefined}
      />
    </WhoCard>
  );
}
