import { DELETED_NAME } from "../contract/common";
import { t } from "../signals/language";

/** A person's name as the server gives it; a deleted account's placeholder in the reader's language (issue 14). */
export const personName = <N extends string | null | undefined>(name: N): N | string => (name === DELETED_NAME ? t("contact.deletedName") : name);
