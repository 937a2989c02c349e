#!/usr/bin/env bash
# lims_sample_lookup.sh -- look up samples in the core's local LIMS snapshot
# (an SQLite export refreshed nightly) by project, sample id or run, and print
# a TSV suitable for building sample sheets.
set -euo pipefail

LIMS_DB="${LIMS_DB:-./lims_snapshot.sqlite}"
CACHE_FILE="/tmp/lims_lookup_cache.tsv"
PROJECT=""
SAMPLE=""
RUN=""
STATUS="${LIMS_STATUS:-received}"
USE_CACHE=1

log() { echo "[lims-lookup] $*" >&2; }

usage() {
    cat >&2 <<EOF
usage: $0 [-p project] [-s sample_id] [-r run_id] [-S status] [-n]
  -n  ignore the cache in $CACHE_FILE
EOF
}

while getopts ":p:s:r:S:nh" opt; do
    case "$opt" in
        p) PROJECT="$OPTARG" ;;
        s) SAMPLE="$OPTARG" ;;
        r) RUN="$OPTARG" ;;
        S) STATUS="$OPTARG" ;;
        n) USE_CACHE=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "$PROJECT$SAMPLE$RUN" ]]; then
    usage
    exit 2
fi
if [[ ! -f "$LIMS_DB" ]]; then
    log "LIMS snapshot $LIMS_DB not found"
    exit 1
fi

cache_key="${PROJECT}|${SAMPLE}|${RUN}|${STATUS}"

# Serve from the shared cache if the same query was answered after the
# snapshot was last refreshed.
if [[ $USE_CACHE -eq 1 && -f "$CACHE_FILE" && "$CACHE_FILE" -nt "$LIMS_DB" ]]; then
    if hit="$(grep -F "#key=${cache_key}" -A 100000 "$CACHE_FILE" | sed -n '2,/^#key=/p' | grep -v '^#key=')" && [[ -n "$hit" ]]; then
        log "cache hit for $cache_key"
        printf '%s\n' "$hit"
        exit 0
    fi
fi

# The filters go to Python through the environment; Python assembles the
# WHERE clause and prints TSV rows.
result="$(Q_DB="$LIMS_DB" Q_PROJECT="$PROJECT" Q_SAMPLE="$SAMPLE" Q_RUN="$RUN" Q_STATUS="$STATUS" python3 -c '
import os, sqlite3, sys
db = sqlite3.connect(os.environ["Q_DB"])
clauses = ["s.status = '"'"'%s'"'"'" % os.environ["Q_STATUS"]]
if os.environ["Q_PROJECT"]:
    clauses.append("s.project_code = '"'"'%s'"'"'" % os.environ["Q_PROJECT"])
if os.environ["Q_SAMPLE"]:
    clauses.append("s.sample_id LIKE '"'"'%s%%'"'"'" % os.environ["Q_SAMPLE"])
if os.environ["Q_RUN"]:
    clauses.append("r.run_id = '"'"'{}'"'"'".format(os.environ["Q_RUN"]))
sql = ("SELECT s.sample_id, s.sample_name, s.project_code, s.index_i7, s.index_i5, "
       "COALESCE(r.run_id, '"'"''"'"') FROM samples s LEFT JOIN run_samples r "
       "ON r.sample_id = s.sample_id WHERE " + " AND ".join(clauses) +
       " ORDER BY s.project_code, s.sample_id")
try:
    rows = db.execute(sql).fetchall()
except sqlite3.Error as exc:
    sys.stderr.write("query failed: %s\n" % exc)
    sys.exit(3)
for row in rows:
    print("\t".join("" if v is None else str(v) for v in row))
')"

count=$(printf '%s' "$result" | grep -c . || true)
log "$count sample(s) matched"

{
    echo "#key=${cache_key}"
    printf '%s\n' "$result"
} >> "$CACHE_FILE"

printf 'sample_id\tsample_name\tproject\ti7\ti5\trun_id\n'
printf '%s\n' "$result"
