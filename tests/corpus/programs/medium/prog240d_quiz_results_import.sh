#!/usr/bin/env bash
# quiz_results_import.sh - import weekly quiz exports from the classroom
# quiz app (CSV) into the school's local results database (SQLite), and
# print a per-class summary for the teachers' meeting.
set -euo pipefail

DB="${RESULTS_DB:-./quiz_results.db}"
EXPORT_DIR="${1:-./quiz_exports}"
DONE_DIR="$EXPORT_DIR/imported"
LOG="./quiz_import.log"
CLASS_FILTER="${CLASS_FILTER:-}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG" >&2; }

init_db() {
    RES_DB="$DB" python3 - <<'PY'
import os, sqlite3
con = sqlite3.connect(os.environ["RES_DB"])
con.execute("""CREATE TABLE IF NOT EXISTS results (
    student TEXT, class_name TEXT, quiz TEXT, score REAL, taken TEXT,
    UNIQUE(student, quiz))""")
con.commit()
con.close()
PY
}

import_row() {
    # One row at a time: values come in through the environment.
    ROW_STUDENT="$1" ROW_CLASS="$2" ROW_QUIZ="$3" ROW_SCORE="$4" ROW_DATE="$5" \
    RES_DB="$DB" python3 - <<'PY'
import os, sqlite3, sys
e = os.environ
con = sqlite3.connect(e["RES_DB"])
sql = ("INSERT OR REPLACE INTO results (student, class_name, quiz, score, taken) "
       f"VALUES ('{e['ROW_STUDENT']}', '{e['ROW_CLASS']}', '{e['ROW_QUIZ']}', "
       f"{e['ROW_SCORE']}, '{e['ROW_DATE']}')")
try:
    con.execute(sql)
    con.commit()
except sqlite3.Error as exc:
    print(f"row rejected: {exc}", file=sys.stderr)
    sys.exit(1)
finally:
    con.close()
PY
}

import_file() {
    local csv="$1" n=0 bad=0
    local student class quiz score taken
    while IFS=, read -r student class quiz score taken; do
        [[ "$student" == "student" ]] && continue   # header
        [[ -z "$student" ]] && continue
        if import_row "$student" "$class" "$quiz" "$score" "$taken"; then
            n=$((n + 1))
        else
            bad=$((bad + 1))
        fi
    done <"$csv"
    log "$(basename "$csv"): $n imported, $bad rejected"
    mkdir -p "$DONE_DIR"
    mv "$csv" "$DONE_DIR/"
}

summary() {
    RES_DB="$DB" RES_CLASS="$CLASS_FILTER" python3 - <<'PY'
import os, sqlite3
con = sqlite3.connect(os.environ["RES_DB"])
where = ""
if os.environ.get("RES_CLASS"):
    where = "WHERE class_name = '%s'" % os.environ["RES_CLASS"]
query = ("SELECT class_name, quiz, COUNT(*), ROUND(AVG(score), 1), MIN(score), MAX(score) "
         "FROM results %s GROUP BY class_name, quiz ORDER BY class_name, quiz" % where)
print(f"{'class':<12}{'quiz':<20}{'n':>4}{'avg':>7}{'min':>6}{'max':>6}")
for cls, quiz, n, avg, lo, hi in con.execute(query):
    print(f"{cls:<12}{quiz:<20}{n:>4}{avg:>7}{lo:>6}{hi:>6}")
con.close()
PY
}

main() {
    if [[ ! -d "$EXPORT_DIR" ]]; then
        log "export folder $EXPORT_DIR not found"
        exit 1
    fi
    init_db
    shopt -s nullglob
    local files=("$EXPORT_DIR"/*.csv)
    if (( ${#files[@]} == 0 )); then
        log "no new exports in $EXPORT_DIR"
    fi
    for f in "${files[@]}"; do
        import_file "$f"
    done
    summary
}

main
