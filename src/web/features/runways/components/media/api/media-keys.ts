/** Query keys of the media editors: they start with 'sundays', so any Sunday change reloads them live. */
export const mediaKey = (sundayDate: string, part: 'videos' | 'slides' | 'social') => ['sundays', 'media', sundayDate, part] as const;
