import type { PageContent } from '../page-content';

export const understandingAstrology: PageContent = {
  title: 'Understanding Astrology',
  updated: '2026-11-01',
  intro: [
    "Astrology is one of humanity's oldest storytelling traditions. For thousands of years people have looked at the sky and used the movements of the Sun, Moon and planets as a language for describing character, relationships and the rhythm of life. This guide explains the basics behind your Astrelle reading: what your big three signs mean, how the zodiac is organised, why your birth time and place matter, and what we actually do with your quiz answers.",
  ],
  sections: [
    {
      id: 'big-three',
      heading: 'Your big three: Sun, Moon and rising sign',
      blocks: [
        'Most people know their star sign, which is really their Sun sign: the part of the zodiac the Sun appeared to be in on the day they were born. A full birth chart contains much more, and three placements are usually read first.',
        {
          list: [
            'Sun sign: your core identity, the qualities you grow into and what gives you energy and purpose. It changes about once a month, so everyone born in the same few weeks shares it.',
            'Moon sign: your emotional world, what makes you feel safe and how you respond when life gets personal. The Moon moves quickly and changes sign roughly every two and a half days, so two people with the same Sun sign often have different Moons.',
            'Rising sign, or ascendant: the sign that was rising on the eastern horizon at the exact moment and place of your birth. It describes your outward style and first impressions, and it sets up the houses of your chart. It changes about every two hours.',
          ],
        },
        'Reading the three together is what makes a chart personal. A fiery Aries Sun with a gentle Cancer Moon and a reserved Capricorn rising tells a more nuanced story than Aries alone.',
      ],
    },
    {
      id: 'twelve-signs',
      heading: 'The twelve signs and their elements',
      blocks: [
        "The zodiac divides the Sun's yearly path into twelve equal signs of 30 degrees each. Astrelle uses the tropical zodiac, which is tied to the seasons and is the system used by most Western astrologers. The dates below are typical; the exact moment the Sun changes sign shifts by a day from year to year, which is why people born on a cusp should check their full chart.",
        {
          list: [
            'Aries, 21 March to 19 April: fire. Bold, direct and quick to start things.',
            'Taurus, 20 April to 20 May: earth. Steady, sensual and loyal.',
            'Gemini, 21 May to 20 June: air. Curious, talkative and adaptable.',
            'Cancer, 21 June to 22 July: water. Caring, protective and intuitive.',
            'Leo, 23 July to 22 August: fire. Warm, expressive and generous.',
            'Virgo, 23 August to 22 September: earth. Thoughtful, practical and attentive to detail.',
            'Libra, 23 September to 22 October: air. Diplomatic, social and drawn to harmony.',
            'Scorpio, 23 October to 21 November: water. Intense, private and deeply committed.',
            'Sagittarius, 22 November to 21 December: fire. Adventurous, honest and optimistic.',
            'Capricorn, 22 December to 19 January: earth. Ambitious, patient and responsible.',
            'Aquarius, 20 January to 18 February: air. Independent, inventive and idealistic.',
            'Pisces, 19 February to 20 March: water. Imaginative, empathetic and dreamy.',
          ],
        },
        'The four elements group the signs by temperament. Fire signs bring enthusiasm and courage, earth signs bring realism and stamina, air signs bring ideas and communication, and water signs bring feeling and intuition. Many people find that the balance of elements across their whole chart describes them better than their Sun sign alone.',
      ],
    },
    {
      id: 'houses',
      heading: 'The houses in brief',
      blocks: [
        'If the signs describe how energy is expressed, the twelve houses describe where in life it shows up. They are calculated from your rising sign and birth location, and each covers an area of experience: the first house is self and appearance, the second money and values, the third communication, the fourth home and family, the fifth romance and creativity, the sixth work and daily routines, the seventh partnerships, the eighth intimacy and shared resources, the ninth travel and beliefs, the tenth career and reputation, the eleventh friendships and hopes, and the twelfth rest, endings and the inner life.',
        'A planet placed in your seventh house, for example, is traditionally read as colouring your approach to committed relationships.',
      ],
    },
    {
      id: 'compatibility',
      heading: 'Synastry: astrology and compatibility',
      blocks: [
        "Synastry is the comparison of two birth charts. Instead of asking whether two Sun signs match, it looks at how the planets in one chart relate to the planets in the other. Harmonious angles between one partner's Moon and the other's Sun, or between Venus and Mars, are traditionally read as ease and attraction; tense angles point to friction that can also create growth.",
        'No pairing of signs is doomed or guaranteed. Synastry is best used as a conversation starter about how two people give and receive care, handle conflict and build a life together.',
      ],
    },
    {
      id: 'birth-time-place',
      heading: 'Why your birth time and place matter',
      blocks: [
        'Your birth date is enough to find your Sun sign and the approximate positions of the slower planets. But the sky turns quickly: the rising sign moves through all twelve signs in a single day, and the Moon moves about 13 degrees in the same time. Your birth time and place let us work out the local time zone at your birth, including historical daylight saving rules, and the exact angle of the horizon where you were born. Without them, the rising sign and houses cannot be calculated reliably.',
        'If you do not know your birth time, check a birth certificate or ask a relative. Without an exact time, your Sun sign and most planet positions will still be accurate, but your Moon sign may be uncertain if the Moon changed sign that day, and your rising sign and houses should be treated as approximate.',
      ],
    },
    {
      id: 'what-the-quiz-does',
      heading: 'What the Astrelle quiz does with your answers',
      blocks: [
        'When you take the quiz, we use your answers in two ways. First, your birth date, time and place are used to calculate the real astronomical positions of the Sun, Moon and planets at your birth, which produce your chart. Second, your answers about your personality, relationship status and goals tell us which themes matter most to you right now, so your reading focuses on them instead of giving generic text.',
        "If you add a partner's birth details, we compare both charts to build your compatibility insights. Your answers are used to create your readings and to improve the service, as explained in our Privacy Policy. We never sell your birth details.",
      ],
    },
    {
      id: 'honest-note',
      heading: 'An honest note',
      blocks: [
        'We love astrology, and we also want to be straight with you: astrology is not a science. Controlled studies have not shown that the position of the planets at birth predicts personality or life events. The astronomy behind your chart is real, but the meanings given to it come from tradition, symbolism and interpretation.',
        'That is why we present Astrelle as a tool for reflection and entertainment, not a source of predictions or advice. The value of a reading lies in the questions it prompts: does this sound like me, what do I want from my relationships, where am I holding back? Take what resonates, leave what does not, and make important decisions with people you trust and, where needed, qualified professionals.',
      ],
    },
  ],
};
