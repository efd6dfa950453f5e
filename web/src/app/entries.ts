/** The light entry's source file (visitor-entry.tsx): a build input, and its key in the build manifest. */
export const VISITOR_ENTRY = 'src/app/visitor-entry.tsx';
