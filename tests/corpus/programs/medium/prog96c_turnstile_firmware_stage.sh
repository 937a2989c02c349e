#!/bin/sh
# turnstile_firmware_stage.sh - fetch and stage the latest turnstile
# controller firmware bundle from the vendor portal, verify its checksum
# and unpack it where the gate flasher picks it up.
#
#   turnstile_firmware_stage.sh [--channel stable|beta] [--model TS400]
#
set -eu

CHANNEL="stable"
MODEL="TS400"
PORTAL="${TS_PORTAL:-https://fw.gateworks-portal.example}"
STAGE="/tmp/ts_fw_stage"
LOGFILE="./firmware_update.log"

while [ $# -gt 0 ]; do
    case "$1" in
        --channel) CHANNEL="$2"; shift 2 ;;
        --model)   MODEL="$2"; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOGFILE" >&2
}

fetch() {
    # fetch URL DEST, three attempts
    n=0
    while [ $n -lt 3 ]; do
        if wget -q -T 20 -O "$2" "$1"; then
            return 0
        fi
        n=$((n + 1))
        log "fetch of $1 failed (attempt $n)"
        sleep $((n * 3))
    done
    return 1
}

mkdir -p "$STAGE"
base="$PORTAL/$MODEL/$CHANNEL"

log "checking $base/LATEST"
fetch "$base/LATEST" "$STAGE/LATEST" || { log "cannot reach portal"; exit 1; }
version=$(head -n1 "$STAGE/LATEST" | tr -cd 'A-Za-z0-9._-')
[ -n "$version" ] || { log "empty version from portal"; exit 1; }

if [ -f "./current_version" ] && [ "$(cat ./current_version)" = "$version" ]; then
    log "already on $version, nothing to do"
    exit 0
fi

bundle="$STAGE/$MODEL-$version.tar.gz"
log "downloading $MODEL $version"
fetch "$base/$MODEL-$version.tar.gz" "$bundle" || { log "bundle download failed"; exit 1; }
fetch "$base/$MODEL-$version.sha256" "$bundle.sha256" || { log "checksum download failed"; exit 1; }

expected=$(cut -d' ' -f1 "$bundle.sha256")
actual=$(sha256sum "$bundle" | cut -d' ' -f1)
if [ "$expected" != "$actual" ]; then
    log "checksum mismatch: expected $expected got $actual"
    exit 1
fi
log "checksum ok ($actual)"

mkdir -p "./firmware/$version"
tar -xzf "$bundle" -C "./firmware/$version"

# Write the flasher manifest ourselves: one line per image, name and size.
manifest="./firmware/$version/MANIFEST"
: > "$manifest"
for img in "./firmware/$version"/*.bin; do
    [ -e "$img" ] || continue
    printf '%s\t%s\n' "$(basename "$img")" "$(wc -c < "$img" | tr -d ' ')" >> "$manifest"
done
log "wrote $(wc -l < "$manifest" | tr -d ' ') image entries to $manifest"

echo "$version" > ./current_version
log "staged $MODEL $version in ./firmware/$version"
