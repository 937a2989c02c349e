#!/usr/bin/env bash
# Install the logrotate policy for the meter gateway on an ops host.
# Renders the policy from settings in ./gateway.conf, checks it with a Python
# validator, then installs it into /etc/logrotate.d with sudo.
set -euo pipefail

CONF="./gateway.conf"
STAGE_DIR="./build/logrotate"
TARGET="/etc/logrotate.d/meter-gateway"
DRY_RUN=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() {
    echo "usage: $0 [-c gateway.conf] [-n]   (-n: render and validate only)"
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$CONF" ]] || { log "config $CONF not found"; exit 1; }

# Read simple KEY=VALUE settings without sourcing the file.
get_setting() {
    local key="$1" default="$2" value
    value=$(grep -E "^${key}=" "$CONF" | tail -n 1 | cut -d= -f2- | tr -d '"' || true)
    echo "${value:-$default}"
}

LOG_GLOB="$(get_setting LOG_GLOB /var/log/meter-gateway/*.log)"
KEEP_DAYS="$(get_setting KEEP_DAYS 14)"
MAX_SIZE="$(get_setting MAX_SIZE 50M)"
OWNER="$(get_setting LOG_OWNER meterd)"
GROUP="$(get_setting LOG_GROUP adm)"

mkdir -p "$STAGE_DIR"
staged="$STAGE_DIR/meter-gateway"

cat > "$staged" <<EOF
# managed by $(basename "$0") - do not edit on the host
${LOG_GLOB} {
    daily
    rotate ${KEEP_DAYS}
    maxsize ${MAX_SIZE}
    missingok
    notifempty
    compress
    delaycompress
    dateext
    create 0640 ${OWNER} ${GROUP}
    sharedscripts
    postrotate
        /usr/bin/pkill -HUP -x meter-gatewayd >/dev/null 2>&1 || true
    endscript
}
EOF
log "rendered $staged"

# Validate the rendered policy in Python; the path and limits come via env.
if ! STAGED="$staged" KEEP_DAYS="$KEEP_DAYS" MAX_SIZE="$MAX_SIZE" python3 - <<'PY'
import os, re, sys
text = open(os.environ["STAGED"]).read()
errors = []
if text.count("{") != text.count("}"):
    errors.append("unbalanced braces")
if not re.fullmatch(r"\d{1,3}", os.environ["KEEP_DAYS"]) or int(os.environ["KEEP_DAYS"]) == 0:
    errors.append("KEEP_DAYS must be 1..999")
if not re.fullmatch(r"\d+[kMG]?", os.environ["MAX_SIZE"]):
    errors.append("MAX_SIZE must look like 50M")
if "postrotate" in text and "endscript" not in text:
    errors.append("postrotate without endscript")
for e in errors:
    print("invalid policy:", e, file=sys.stderr)
sys.exit(1 if errors else 0)
PY
then
    log "validation failed; not installing"
    exit 1
fi
log "policy validated"

if (( DRY_RUN )); then
    cat "$staged"
    log "dry run: not installing to $TARGET"
    exit 0
fi

if [[ -f "$TARGET" ]] && cmp -s "$staged" "$TARGET"; then
    log "$TARGET already up to date"
    exit 0
fi

log "installing to $TARGET (sudo may prompt)"
sudo install -o root -g root -m 0644 "$staged" "$TARGET"
if sudo logrotate --debug "$TARGET" >/dev/null 2>&1; then
    log "logrotate accepted the installed policy"
else
    log "warning: logrotate --debug reported problems; check $TARGET"
    exit 3
fi
