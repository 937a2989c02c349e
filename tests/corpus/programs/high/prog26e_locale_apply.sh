#!/usr/bin/env bash
# Apply the team's standard locale and character-map settings to a fresh
# build host: generate the requested locales, write /etc/default/locale and
# restart the services that cache the locale at start-up.
#
# The privileged helpers are kept in variables so the script can be dry-run
# (DRY_RUN=1 prints every command instead of running it).
set -euo pipefail

LOCALES=("en_US.UTF-8 UTF-8" "de_DE.UTF-8 UTF-8" "ja_JP.EUC-JP EUC-JP")
DEFAULT_LANG="en_US.UTF-8"
SERVICES=("cron" "rsyslog")

as_root="sudo"
svc_ctl="systemctl"
etc_dir="/etc"
locale_gen_conf="$etc_dir/locale.gen"
default_locale="$etc_dir/default/locale"

run() {
    if [ "${DRY_RUN:-0}" = "1" ]; then
        printf '+ %s\n' "$*"
    else
        "$@"
    fi
}

# Normalise "en_US.utf8" style names to the "en_US.UTF-8" spelling used in
# locale.gen, so duplicates are not added.
normalise() {
    local name="$1" base charmap
    base="${name%%.*}"
    charmap="${name#*.}"
    [ "$charmap" = "$name" ] && charmap="UTF-8"
    charmap=$(printf '%s' "$charmap" | tr '[:lower:]' '[:upper:]' | sed 's/^UTF8$/UTF-8/')
    printf '%s.%s' "$base" "$charmap"
}

echo "== enabling locales in $locale_gen_conf"
for entry in "${LOCALES[@]}"; do
    name=$(normalise "${entry%% *}")
    charmap="${entry##* }"
    line="$name $charmap"
    if grep -qxF "$line" "$locale_gen_conf" 2>/dev/null; then
        echo "   $line already enabled"
    elif grep -qxF "# $line" "$locale_gen_conf" 2>/dev/null; then
        run "$as_root" sed -i "s|^# $line\$|$line|" "$locale_gen_conf"
        echo "   enabled $line"
    else
        printf '%s\n' "$line" | run "$as_root" tee -a "$locale_gen_conf" >/dev/null
        echo "   appended $line"
    fi
done

echo "== generating locales"
run "$as_root" locale-gen

echo "== writing $default_locale"
printf 'LANG=%s\nLC_CTYPE=%s\n' "$DEFAULT_LANG" "$DEFAULT_LANG" \
    | run "$as_root" tee "$default_locale" >/dev/null

echo "== restarting services"
for svc in "${SERVICES[@]}"; do
    if "$svc_ctl" is-enabled --quiet "$svc" 2>/dev/null; then
        run "$as_root" "$svc_ctl" restart "$svc"
        echo "   restarted $svc"
    else
        echo "   $svc not enabled, skipped"
    fi
done

echo "done; log out and back in for LANG=$DEFAULT_LANG to take effect"
