#!/bin/sh
# ensure_test_locales.sh - make sure every locale our i18n test-suite formats
# dates and numbers in is compiled on this machine, so strftime()/locale.setlocale
# tests do not silently fall back to C.
#
# usage: ./ensure_test_locales.sh [locales.txt]
#   locales.txt: one "xx_YY.UTF-8" per line, '#' comments allowed
set -eu

LIST="${1:-tests/i18n/locales.txt}"
LOCALE_GEN=/etc/locale.gen
SUPPORTED=/usr/share/i18n/SUPPORTED

msg() { echo "ensure-locales: $*"; }

[ -r "$LIST" ] || { msg "cannot read $LIST"; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
elif command -v doas >/dev/null 2>&1 && [ -f /etc/doas.conf ]; then
    AS_ROOT="doas"
else
    AS_ROOT="sudo"
fi

wanted_locales() {
    sed -e 's/#.*//' -e 's/[[:space:]]*$//' "$LIST" | grep -v '^$'
}

is_installed() {
    # locale -a prints utf8 spellings, normalise before comparing
    norm=$(printf '%s' "$1" | sed 's/UTF-8/utf8/')
    locale -a 2>/dev/null | grep -qx "$norm"
}

enable_in_locale_gen() {
    loc="$1"
    if grep -q "^$loc UTF-8" "$LOCALE_GEN"; then
        return 0
    fi
    if grep -q "^# *$loc UTF-8" "$LOCALE_GEN"; then
        $AS_ROOT sed -i "s/^# *\($loc UTF-8\)/\1/" "$LOCALE_GEN"
    else
        if ! grep -q "^$loc UTF-8" "$SUPPORTED" 2>/dev/null; then
            msg "warning: $loc is not in $SUPPORTED, adding anyway"
        fi
        echo "$loc UTF-8" | $AS_ROOT tee -a "$LOCALE_GEN" >/dev/null
    fi
    msg "enabled $loc in $LOCALE_GEN"
}

missing=""
for loc in $(wanted_locales); do
    if is_installed "$loc"; then
        continue
    fi
    missing="$missing $loc"
done

if [ -z "$missing" ]; then
    msg "all locales from $LIST are present"
    exit 0
fi

msg "missing:$missing"

if [ -f "$LOCALE_GEN" ]; then
    # Debian / Ubuntu / Arch
    for loc in $missing; do
        enable_in_locale_gen "$loc"
    done
    $AS_ROOT locale-gen
else
    # Fedora / RHEL: glibc-langpack-*; fall back to localedef
    for loc in $missing; do
        lang=${loc%%.*}
        $AS_ROOT localedef -i "$lang" -f UTF-8 "$loc" ||
            msg "localedef failed for $loc (try: dnf install glibc-langpack-${lang%%_*})"
    done
fi

still=""
for loc in $missing; do
    is_installed "$loc" || still="$still $loc"
done
if [ -n "$still" ]; then
    msg "still missing:$still"
    exit 1
fi
msg "done"
