#!/usr/bin/env bash
# Tidy the local support-bundle workspace before building a new bundle.
# Removes our own temporary and cache files under ./bundle-work, checks that the
# upload portal is reachable (HEAD only) and records a short status file.
set -euo pipefail

WORKDIR="${WORKDIR:-./bundle-work}"
PORTAL_URL="${PORTAL_URL:-https://support.example.com/healthz}"
KEEP_DAYS="${KEEP_DAYS:-7}"
DRY_RUN=0
VERBOSE=0

usage() {
    cat <<USAGE
Usage: $0 [-n] [-v] [-k days]
  -n        dry run, only list what would be removed
  -v        verbose
  -k DAYS   keep finished bundles newer than DAYS (default $KEEP_DAYS)
USAGE
}

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
vlog() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

while getopts ":nvk:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        v) VERBOSE=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [ ! -d "$WORKDIR" ]; then
    log "creating $WORKDIR"
    mkdir -p "$WORKDIR"/{cache,tmp,out}
fi

remove_matching() {
    local dir="$1" pattern="$2" age="$3"
    local count=0
    while IFS= read -r -d '' f; do
        if [ "$DRY_RUN" -eq 1 ]; then
            echo "would remove: $f"
        else
            rm -f -- "$f"
            vlog "removed $f"
        fi
        count=$((count + 1))
    done < <(find "$dir" -maxdepth 2 -type f -name "$pattern" -mtime +"$age" -print0 2>/dev/null)
    echo "$count"
}

tmp_removed=$(remove_matching "$WORKDIR/tmp" '*.part' 0)
cache_removed=$(remove_matching "$WORKDIR/cache" '*.idx' 0)
old_bundles=$(remove_matching "$WORKDIR/out" 'bundle-*.tar.gz' "$KEEP_DAYS")
log "removed: tmp=$tmp_removed cache=$cache_removed old-bundles=$old_bundles"

cpu_model=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || true)
os_name=$(grep -m1 '^PRETTY_NAME=' /etc/os-release 2>/dev/null | cut -d= -f2- | tr -d '"' || true)

portal_status="unreachable"
if http_code=$(curl -sS -I -o /dev/null -w '%{http_code}' --max-time 10 "$PORTAL_URL" 2>/dev/null); then
    portal_status="http-$http_code"
fi
vlog "portal check: $portal_status"

status_file="$WORKDIR/status.txt"
{
    echo "checked_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "os=${os_name:-unknown}"
    echo "cpu=${cpu_model:-unknown}"
    echo "portal=$portal_status"
    echo "free_kib=$(df -Pk "$WORKDIR" | awk 'NR==2 {print $4}')"
} > "$status_file"
chmod 600 "$status_file"
log "status written to $status_file"
