-- The trigram index's pending list at its least, 64 kB instead of 4 MB (decision 081): every counted view rewrites
-- its movie's row (its counters are indexed), and the row's twenty-odd trigrams wait in that list, which every search
-- reads through, whole, until the list is merged into the index. Changed in place, not rebuilt: the index stays
-- usable, and only new entries follow the setting.
ALTER INDEX "movies_search_trgm_idx" SET (gin_pending_list_limit = 64);
