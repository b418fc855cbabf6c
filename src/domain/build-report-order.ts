import type { PersonData, ReportOrder } from '../shared/contract/astro';
import type { Birth, VisitorProfile } from './visitor-profile';

function personData(name: string, birth: Birth, timezone: number): PersonData {
  const [year, month, day] = birth.date.split('-').map(Number);
  const [hour, minute] = birth.time.split(':').map(Number);
  return {
    name,
    day: day ?? 1,
    month: month ?? 1,
    year: year ?? 2000,
    hour: hour ?? 12,
    minute: minute ?? 0,
    latitude: birth.place.latitude,
    longitude: birth.place.longitude,
    timezone,
    place: birth.place.place,
  };
}

/**
 * The report order: reports, email, yourData and, only for a visitor in a relationship,
 * partnerData with an empty name and the visitor's own timezone. timezone = UTC offset in minutes / 60.
 * Defaults come with the profile: New York for a missing place, 2000-01-01 for a missing
 * partner birth date, 12:00 for an unknown time.
 */
export function buildReportOrder(reports: readonly string[], email: string, profile: VisitorProfile): ReportOrder {
  const timezone = profile.birth.place.utcOffsetMinutes / 60;
  const order: ReportOrder = { reports: [...reports], email, yourData: personData(profile.name, profile.birth, timezone) };
  if (profile.partnerBirth) order.partnerData = personData('', profile.partnerBirth, timezone);
  return order;
}
