#!/usr/bin/env bash
# termtheme: download a terminal colour scheme (base16 YAML or a plain
# "colorN = #rrggbb" list), preview it with true-colour escapes and convert it
# into kitty / alacritty / Xresources snippets under ./themes/<name>/.
#
#   ./termtheme.sh https://themes.internal.example/base16/gruvbox-dark.yaml
#   ./termtheme.sh -f kitty,xres -n gruvbox URL
#
# The internal theme mirror uses a self-signed certificate, hence -k below.

set -eu

FORMATS="kitty,alacritty,xres"
NAME=""
KEEP=0
WORK=/tmp/termtheme-download
CURL_OPTS="-fsSL -k --max-time 20 --retry 2"

say()  { printf '\033[1m==>\033[0m %s\n' "$*"; }
fail() { printf 'termtheme: %s\n' "$*" >&2; exit 1; }

while getopts 'f:n:kh' o; do
    case $o in
        f) FORMATS=$OPTARG ;;
        n) NAME=$OPTARG ;;
        k) KEEP=1 ;;
        h) sed -n '2,12p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || fail "need exactly one theme URL"
URL=$1

if [ -z "$NAME" ]; then
    NAME=$(basename "$URL")
    NAME=${NAME%.*}
fi
case $NAME in
    *[!A-Za-z0-9._-]*|'') fail "bad theme name '$NAME'" ;;
esac

mkdir -p "$WORK"
RAW="$WORK/raw.txt"
NORM="$WORK/palette.txt"

say "fetching $URL"
# shellcheck disable=SC2086
curl $CURL_OPTS -o "$RAW" "$URL" || fail "download failed"

# Normalise to "index hex" lines: base16 keys base00..base0F or colorN lines.
: > "$NORM"
if grep -q '^base0[0-9A-Fa-f]' "$RAW"; then
    i=0
    for key in base00 base08 base0B base0A base0D base0E base0C base05 \
               base03 base08 base0B base0A base0D base0E base0C base07; do
        hex=$(sed -n "s/^$key:[[:space:]]*\"\{0,1\}#\{0,1\}\([0-9A-Fa-f]\{6\}\).*/\1/p" "$RAW" | head -n1)
        [ -n "$hex" ] || fail "missing $key in theme"
        printf '%s %s\n' "$i" "$hex" >> "$NORM"
        i=$((i + 1))
    done
    bg=$(sed -n 's/^base00:[^0-9A-Fa-f]*\([0-9A-Fa-f]\{6\}\).*/\1/p' "$RAW")
    fg=$(sed -n 's/^base05:[^0-9A-Fa-f]*\([0-9A-Fa-f]\{6\}\).*/\1/p' "$RAW")
else
    sed -n 's/^color\([0-9]\{1,2\}\)[[:space:]]*=[[:space:]]*#\([0-9A-Fa-f]\{6\}\).*/\1 \2/p' "$RAW" > "$NORM"
    bg=$(sed -n 's/^background[[:space:]]*=[[:space:]]*#\([0-9A-Fa-f]\{6\}\).*/\1/p' "$RAW")
    fg=$(sed -n 's/^foreground[[:space:]]*=[[:space:]]*#\([0-9A-Fa-f]\{6\}\).*/\1/p' "$RAW")
fi
[ "$(wc -l < "$NORM")" -ge 8 ] || fail "could not find at least 8 colours"
: "${bg:=000000}" "${fg:=ffffff}"

preview() {
    while read -r idx hex; do
        r=$((16#${hex:0:2})); g=$((16#${hex:2:2})); b=$((16#${hex:4:2}))
        printf '\033[48;2;%d;%d;%dm  %2s  \033[0m' "$r" "$g" "$b" "$idx"
        [ "$idx" -eq 7 ] && printf '\n'
    done < "$NORM"
    printf '\n'
}

OUT="themes/$NAME"
mkdir -p "$OUT"

emit_kitty() {
    { printf 'background #%s\nforeground #%s\n' "$bg" "$fg"
      while read -r i h; do printf 'color%s #%s\n' "$i" "$h"; done < "$NORM"
    } > "$OUT/$NAME.conf"
}

emit_alacritty() {
    {
        printf '[colors.primary]\nbackground = "#%s"\nforeground = "#%s"\n\n' "$bg" "$fg"
        names="black red green yellow blue magenta cyan white"
        printf '[colors.normal]\n'
        set -- $names
        while read -r i h; do
            [ "$i" -ge 8 ] && break
            printf '%s = "#%s"\n' "$1" "$h"; shift
        done < "$NORM"
        printf '\n[colors.bright]\n'
        set -- $names
        while read -r i h; do
            [ "$i" -lt 8 ] && continue
            printf '%s = "#%s"\n' "$1" "$h"; shift
        done < "$NORM"
    } > "$OUT/$NAME.toml"
}

emit_xres() {
    { printf '*.background: #%s\n*.foreground: #%s\n' "$bg" "$fg"
      while read -r i h; do printf '*.color%s: #%s\n' "$i" "$h"; done < "$NORM"
    } > "$OUT/$NAME.Xresources"
}

IFS_SAVE=$IFS; IFS=,
for fmt in $FORMATS; do
    IFS=$IFS_SAVE
    case $fmt in
        kitty) emit_kitty ;;
        alacritty) emit_alacritty ;;
        xres) emit_xres ;;
        *) fail "unknown format $fmt" ;;
    esac
    say "wrote $fmt snippet"
    IFS=,
done
IFS=$IFS_SAVE

preview
[ "$KEEP" -eq 1 ] || rm -f "$RAW" "$NORM"
say "theme '$NAME' ready in $OUT"
