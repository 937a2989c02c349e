#!/bin/sh
# ivr_prompt_deploy.sh - convert recorded IVR prompts and publish them to Asterisk.
#
# Takes the studio WAVs from ./prompts/<lang>/, transcodes them to the
# formats Asterisk plays natively (8 kHz slin, ulaw, g722), installs them
# into the custom sounds folder and asks Asterisk to pick them up.
#
#   ./ivr_prompt_deploy.sh [-l en] [-n] [prompt_dir]
#      -l LANG   language sub-folder (default en)
#      -n        dry run: transcode only, do not install
set -eu

LANG_CODE=en
DRY_RUN=0
SRC_ROOT=./prompts
BUILD=./build/prompts
SOUNDS_ROOT=${ASTERISK_SOUNDS:-/usr/share/asterisk/sounds}
AST_USER=${ASTERISK_USER:-asterisk}
FORMATS="sln ulaw g722"

msg() { echo "[ivr-deploy] $*"; }
fail() { echo "[ivr-deploy] ERROR: $*" >&2; exit 1; }

while getopts "l:nh" opt; do
    case $opt in
        l) LANG_CODE=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] && SRC_ROOT=$1

SRC="$SRC_ROOT/$LANG_CODE"
DEST="$SOUNDS_ROOT/$LANG_CODE/custom"
[ -d "$SRC" ] || fail "no prompts in $SRC"
command -v sox >/dev/null 2>&1 || fail "sox not installed"

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
else
    AS_ROOT="sudo"
fi

transcode() {
    in=$1; base=$(basename "$in" .wav)
    for fmt in $FORMATS; do
        out="$BUILD/$LANG_CODE/$base.$fmt"
        case $fmt in
            sln)  sox "$in" -t raw -r 8000 -c 1 -b 16 -e signed-integer "$out" ;;
            ulaw) sox "$in" -t ul -r 8000 -c 1 "$out" ;;
            g722) sox "$in" -t raw -r 16000 -c 1 -b 16 -e signed-integer "$out.tmp" \
                  && mv "$out.tmp" "$out" ;;
        esac
    done
}

mkdir -p "$BUILD/$LANG_CODE"
count=0
for wav in "$SRC"/*.wav; do
    [ -e "$wav" ] || continue
    peak=$(sox "$wav" -n stat 2>&1 | awk '/Maximum amplitude/ {print $3}')
    case $peak in
        0.0*|"") msg "WARNING: $wav looks silent (peak=$peak)" ;;
    esac
    transcode "$wav"
    count=$((count + 1))
done
[ "$count" -gt 0 ] || fail "no .wav files found in $SRC"
msg "transcoded $count prompts into $BUILD/$LANG_CODE"

if [ "$DRY_RUN" -eq 1 ]; then
    msg "dry run, stopping before install"
    exit 0
fi

$AS_ROOT install -d -o "$AST_USER" -g "$AST_USER" -m 0755 "$DEST"
for f in "$BUILD/$LANG_CODE"/*; do
    $AS_ROOT install -o "$AST_USER" -g "$AST_USER" -m 0644 "$f" "$DEST/"
done
msg "installed into $DEST"

if command -v asterisk >/dev/null 2>&1 && $AS_ROOT asterisk -rx "core show version" >/dev/null 2>&1; then
    $AS_ROOT asterisk -rx "module reload res_musiconhold.so" >/dev/null
    $AS_ROOT asterisk -rx "dialplan reload" >/dev/null
    msg "asterisk reloaded"
else
    $AS_ROOT systemctl reload asterisk && msg "asterisk reloaded via systemd"
fi
