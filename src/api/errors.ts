import { API_BASE } from "./client";

export interface ErrorReport {
  error_type: string;
  error_message: string;
  occurred_at: string;
  line_number: number | null;
  stack: string | null;
  page_url: string;
  browser_info: string;
  os_info: string;
  user_agent: string;
  referrer_url: string;
}

export function buildErrorReport(error: Error, now = new Date()): ErrorReport {
  const line = /:(\d+):\d+\)?\s*$/m.exec(error.stack ?? "");
  const ua = navigator.userAgent;
  return {
    error_type: error.name || "Error",
    error_message: String(error.message).slice(0, 2000),
    occurred_at: now.toISOString(),
    line_number: line ? Number(line[1]) : null,
    stack: error.stack ? error.stack.slice(0, 8000) : null,
    page_url: location.href,
    browser_info: ua.match(/(Chrome|Firefox|Safari|Edg|OPR)\/[\d.]+/)?.[0] ?? "unknown",
    os_info: ua.match(/\(([^)]+)\)/)?.[1] ?? "unknown",
    user_agent: ua,
    referrer_url: document.referrer,
  };
}

/** Posts a rendering error to POST /error; a failure is only logged (SPEC.md section 8). It uses fetch, not the ky
 * client, so a report can never trigger the 401/404 navigation rules while the error screen is showing. */
export async function reportError(error: Error): Promise<void> {
  try {
    const res = await fetch(`${API_BASE}/error`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(buildErrorReport(error)),
    });
    if (!res.ok) console.error("error report rejected", res.status);
  } catch (e) {
    console.error("error report failed", e);
  }
}
