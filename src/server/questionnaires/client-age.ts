import { localDate } from '../local-time';

/**
 * Whole years between an ISO birth date (YYYY-MM-DD) and the Istanbul calendar day at `at`, the day the
 * practitioner lives (ADR 114): the client list, the age check when giving a questionnaire and the scoring norms
 * all count from it, so a birthday turns at Istanbul's midnight everywhere. Null when the date is missing or invalid.
 */
export function ageOn(birthDate: unknown, at: Date): number | null {
  if (typeof birthDate !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const [todayYear, todayMonth, todayDay] = localDate(at).split('-').map(Number) as [number, number, number];
  let age = todayYear - year;
  if (todayMonth < month || (todayMonth === month && todayDay < day)) age -= 1;
  return age >= 0 ? age : null;
}
