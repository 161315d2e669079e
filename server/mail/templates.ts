// The mails the accounts area sends, in English with the Arabic beside it (the app's two languages).
import { inRtl as inArabic } from "../../src/lib/bidi";
import type { Mail } from "./mailer";

export const APP_NAME = "Fixit Gulf";
/** The app's name in the Arabic half of a mail, as the app writes it in Arabic (locales/core/ar.json). */
export const APP_NAME_AR = "فيكسِت الخليج";

/** The 6-digit password reset code (D9): valid `minutes`, usable once. */
export function resetCodeMail(to: string, code: string, minutes = 10): Mail {
  return {
    to,
    subject: `${APP_NAME}: your password reset code is ${code}`,
    text: [
      "Hello,",
      "",
      `Your ${APP_NAME} password reset code is: ${code}`,
      "",
      `Enter it on the verification screen within ${minutes} minutes. It works once. A new request replaces it.`,
      "If you did not ask to reset your password, you can ignore this mail: your password stays the same.",
      "",
      "مرحبًا،",
      `رمز إعادة تعيين كلمة المرور في ${APP_NAME_AR} هو: ${code}`,
      `أدخله في شاشة التحقق خلال ${minutes} دقائق. يعمل الرمز مرة واحدة، وأي طلب جديد يلغيه.`,
      "إذا لم تطلب إعادة تعيين كلمة المرور فتجاهل هذه الرسالة، وستبقى كلمة المرور كما هي.",
    ].join("\n"),
  };
}

export interface Invitation {
  to: string;
  /** The new employee's name. */
  name: string;
  companyName: string;
  /** "manager" or "technician" (employee role codes '3' and '4'). */
  role: "manager" | "technician";
  /** The one-time link that sets the password and signs in (LOOP.md section 1: employees get the tenants' link). */
  link: string;
}

/**
 * A company added this person as staff; the account has no password yet: they set one with the one-time link (LOOP.md
 * section 1), or through Forgot password (D9) once it has expired.
 */
export function invitationMail({ to, name, companyName, role, link }: Invitation): Mail {
  const roleAr = role === "manager" ? "مديرًا" : "فنيًا";
  return {
    to,
    subject: `${companyName} added you to ${APP_NAME}`,
    text: [
      `Hello ${name},`,
      "",
      `${companyName} has added you to ${APP_NAME} as a ${role}.`,
      "Open this link to choose your password and sign in (it works once, for 7 days):",
      link,
      `If the link has expired, ask ${companyName} for a new one, or open ${APP_NAME}, go to the sign-in screen, tap 'Forgot password' and enter this email address: ${to}`,
      "After that you sign in with this email (or your mobile number) and your new password.",
      "",
      `مرحبًا ${inArabic(name)}،`,
      `أضافتك ${inArabic(companyName)} إلى ${APP_NAME_AR} ${roleAr}.`,
      "افتح هذا الرابط لاختيار كلمة المرور وتسجيل الدخول (يعمل مرة واحدة خلال 7 أيام):",
      link,
      `إذا انتهت صلاحية الرابط فاطلب رابطًا جديدًا من ${inArabic(companyName)}، أو افتح ${APP_NAME_AR} وانتقل إلى شاشة تسجيل الدخول واضغط على 'نسيت كلمة المرور' وأدخل هذا البريد الإلكتروني: ${to}`,
      "بعد ذلك سجّل الدخول بهذا البريد الإلكتروني (أو رقم هاتفك) وكلمة المرور الجديدة.",
    ].join("\n"),
  };
}

/** Many failed sign-ins on this account (D9): sent at most once an hour; the account itself is never locked. */
export function failedSignInsMail(to: string, name: string): Mail {
  return {
    to,
    subject: `${APP_NAME}: many failed sign-ins on your account`,
    text: [
      `Hello ${name},`,
      "",
      `Someone has tried many wrong passwords on your ${APP_NAME} account in the last hour.`,
      "Your account is not locked and your password still works. If this was not you, choose a new password with 'Forgot password' on the sign-in screen.",
      "",
      `مرحبًا ${inArabic(name)}،`,
      `حاول أحدهم إدخال كلمات مرور خاطئة كثيرة على حسابك في ${APP_NAME_AR} خلال الساعة الماضية.`,
      "حسابك غير مقفل وكلمة المرور ما زالت تعمل. إذا لم تكن أنت، فاختر كلمة مرور جديدة عبر 'نسيت كلمة المرور' في شاشة تسجيل الدخول.",
    ].join("\n"),
  };
}

export interface TenantInvitation {
  to: string;
  name: string;
  inviterName: string;
  propertyName: string;
  unitName: string;
  /** The one-time link: <app>/#/invite?token=… (valid 7 days). */
  link: string;
}

/** An owner or manager added this person as a tenant (LOOP.md section 1): the link sets their password and signs them in. */
export function tenantInvitationMail({ to, name, inviterName, propertyName, unitName, link }: TenantInvitation): Mail {
  return {
    to,
    subject: `${inviterName} invited you to ${APP_NAME}`,
    text: [
      `Hello ${name},`,
      "",
      `${inviterName} added you as the tenant of unit ${unitName} in ${propertyName} on ${APP_NAME}.`,
      "There you can report repairs and follow them until they are done.",
      "Open this link to choose your password and sign in (it works once, for 7 days):",
      link,
      "If the link has expired, ask for a new one, or use 'Forgot password' on the sign-in screen with this email address.",
      "",
      `مرحبًا ${inArabic(name)}،`,
      `أضافك ${inArabic(inviterName)} مستأجرًا للوحدة ${inArabic(unitName)} في ${inArabic(propertyName)} على ${APP_NAME_AR}.`,
      "يمكنك هناك الإبلاغ عن الأعطال ومتابعتها حتى إصلاحها.",
      "افتح هذا الرابط لاختيار كلمة المرور وتسجيل الدخول (يعمل مرة واحدة خلال 7 أيام):",
      link,
      "إذا انتهت صلاحية الرابط فاطلب رابطًا جديدًا، أو استخدم 'نسيت كلمة المرور' في شاشة تسجيل الدخول بهذا البريد الإلكتروني.",
    ].join("\n"),
  };
}

export interface NotificationMailInput {
  to: string;
  name: string;
  lang: "en" | "ar";
  /** The notification's sentence in `lang` (server/push/sentences.ts). */
  sentence: string;
  /** The issue in the app: <app>/#/property/issues-view?issue_id=… */
  link: string;
}

/**
 * A notification by mail (D22: assignment, schedule and completion, when the user has an address and has not switched
 * the kind's mail off), in the recipient's language only (D17): the sentence, the link to the issue, and where to
 * switch these mails off.
 */
export function notificationMail({ to, name, lang, sentence, link }: NotificationMailInput): Mail {
  if (lang === "ar")
    return {
      to,
      subject: `${APP_NAME_AR}: ${sentence}`,
      text: [
        `مرحبًا ${inArabic(name)}،`,
        "",
        sentence,
        "",
        "افتح الإصلاح في التطبيق:",
        link,
        "",
        `يمكنك إيقاف هذه الرسائل من الإشعارات ثم الإعدادات في ${APP_NAME_AR}.`,
      ].join("\n"),
    };
  return {
    to,
    subject: `${APP_NAME}: ${sentence}`,
    text: [
      `Hello ${name},`,
      "",
      sentence,
      "",
      "Open the repair in the app:",
      link,
      "",
      `You can switch these mails off in ${APP_NAME} under Notifications, Settings.`,
    ].join("\n"),
  };
}

/** What an account code confirms (issue 14): a new email address, a new mobile number, or deleting the account. */
export type AccountCodePurpose = "email" | "mobile" | "delete";

const PURPOSE_EN: Record<AccountCodePurpose, string> = {
  email: "confirm your new email address",
  mobile: "confirm your new mobile number",
  delete: "confirm deleting your account",
};
const PURPOSE_AR: Record<AccountCodePurpose, string> = {
  email: "تأكيد بريدك الإلكتروني الجديد",
  mobile: "تأكيد رقم هاتفك الجديد",
  delete: "تأكيد حذف حسابك",
};

/**
 * The 6-digit code of an account change (D9: valid `minutes`, usable once, a new request replaces it), mailed to the
 * NEW address (or, to delete the account, to the one on file), in the recipient's language only (D17).
 */
export function accountCodeMail(to: string, code: string, purpose: AccountCodePurpose, lang: "en" | "ar", minutes = 10): Mail {
  if (lang === "ar")
    return {
      to,
      subject: `${APP_NAME_AR}: رمز التأكيد ${code}`,
      text: [
        "مرحبًا،",
        "",
        `رمز ${PURPOSE_AR[purpose]} في ${APP_NAME_AR} هو: ${code}`,
        `أدخله في التطبيق خلال ${minutes} دقائق. يعمل الرمز مرة واحدة، وأي طلب جديد يلغيه.`,
        purpose === "delete" ? "إذا لم تطلب حذف حسابك فتجاهل هذه الرسالة، وسيبقى حسابك كما هو." : "إذا لم تطلب هذا التغيير فتجاهل هذه الرسالة، ولن يتغير شيء.",
      ].join("\n"),
    };
  return {
    to,
    subject: `${APP_NAME}: your confirmation code is ${code}`,
    text: [
      "Hello,",
      "",
      `Your ${APP_NAME} confirmation code is: ${code}`,
      `It is to ${PURPOSE_EN[purpose]}.`,
      "",
      `Enter it in the app within ${minutes} minutes. It works once. A new request replaces it.`,
      purpose === "delete"
        ? "If you did not ask to delete your account, you can ignore this mail: your account stays as it is."
        : "If you did not ask for this change, you can ignore this mail: nothing changes.",
    ].join("\n"),
  };
}

/** The same code as a text message (a mobile number, or deleting an account that has no email), in one short line. */
export function accountCodeSms(code: string, purpose: AccountCodePurpose, lang: "en" | "ar", minutes = 10): string {
  return lang === "ar"
    ? `رمز ${PURPOSE_AR[purpose]} في ${APP_NAME_AR} هو: ${code}. صالح ${minutes} دقائق.`
    : `Your ${APP_NAME} confirmation code is: ${code}, to ${PURPOSE_EN[purpose]}. It works for ${minutes} minutes.`;
}

export interface SupportMailInput {
  to: string;
  subject: string;
  message: string;
  sender: { user_id: number; name: string; role: number; email: string | null; mobile: string | null };
}

const ROLE_NAMES = ["customer (owner or tenant)", "technician", "company manager", "tenant"];

/** A message a signed-in user sent from the contact screen, to the support desk (in English, the desk's language). */
export function supportMail({ to, subject, message, sender }: SupportMailInput): Mail {
  return {
    to,
    subject: `${APP_NAME} support: ${subject || message.split("\n")[0].slice(0, 60)}`,
    text: [
      `From: ${sender.name} (account ${sender.user_id}, ${ROLE_NAMES[sender.role] ?? `role ${sender.role}`})`,
      `Email: ${sender.email ?? "none"}`,
      `Mobile: ${sender.mobile ?? "none"}`,
      "",
      ...(subject ? [`Subject: ${subject}`, ""] : []),
      message,
    ].join("\n"),
  };
}
