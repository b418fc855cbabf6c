import styled from 'styled-components';
import type { Profile, ReadingPreview as ReadingPreviewData } from '../../engine/generated/flow-types';
import type { Answers } from '../../engine/answers';
import type { SignInfo } from '../../domain/sky-at-birth';
import { useSkyAtBirth } from '../interstitial/use-sky-at-birth';
import { previewInsights } from './preview-insights';

/** The visitor's own chart: their birth date, time and place, through the flow's profile roles. */
const ownChart = { show: 'sun-sign', dateFrom: 'birthDate', timeFrom: 'birthTime', placeFrom: 'birthPlace' } as const;

const Card = styled.section`
  display: grid;
  gap: 14px;
  padding: 16px;
  border-radius: 16px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0;
    font-size: 17px;
  }
`;

const Signs = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 10px;
  div {
    padding: 10px 12px;
    border-radius: 12px;
    background: ${({ theme }) => theme.colors.tint};
  }
  dt {
    font-size: 14px;
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 2px 0 0;
    font-size: 18px;
    font-weight: 700;
  }
`;

const Insights = styled.ul`
  margin: 0;
  padding: 0 0 0 20px;
  display: grid;
  gap: 8px;
  line-height: 1.45;
`;

const Locked = styled.p`
  margin: 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.muted};
`;

/** A sign, or the two the unknown birth time leaves open (the Moon on the day it moved on). */
function Sign({ label, signs }: { label: string; signs: SignInfo[] }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <span aria-hidden="true">{signs.map((s) => s.symbol).join('')} </span>
        {signs.map((s) => s.name).join(' or ')}
      </dd>
    </div>
  );
}

/**
 * What the email screen promises, shown with it: the visitor's Sun and Moon signs (computed in the browser from
 * their birth answers, as the sign interstitials do) and the flow's insights for their answers, then what the rest of
 * the reading holds. Texts are the flow's, shown as written; nothing of it is sent anywhere.
 */
export function ReadingPreview({ preview, answers, profile, headingId }: { preview: ReadingPreviewData; answers: Answers; profile: Profile | undefined; headingId: string }) {
  const sky = useSkyAtBirth(ownChart, answers, profile);
  const insights = previewInsights(preview, answers);
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{preview.title}</h2>
      {sky ? (
        <Signs>
          <Sign label={preview.sun} signs={[sky.sun]} />
          <Sign label={preview.moon} signs={sky.moonSigns} />
        </Signs>
      ) : null}
      {insights.length > 0 ? (
        <Insights>
          {insights.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </Insights>
      ) : null}
      <Locked>{preview.locked}</Locked>
    </Card>
  );
}
