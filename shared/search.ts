// Search limits that the API and the pages share.

/** The longest query the search accepts (the API refuses more; the results page cuts it). */
export const SEARCH_QUERY_MAX = 100;
