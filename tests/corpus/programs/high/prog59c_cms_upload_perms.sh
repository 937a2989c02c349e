#!/usr/bin/env bash
# cms_upload_perms.sh - fix "permission denied" on CMS upload/cache folders
# after a deploy.  Collected from a wiki page of find one-liners:
#   find /var/www/html -type d -name uploads -exec chmod -R 777 {} \;
#   find /var/www/html -name '*.php' -exec chmod 644 {} +
set -o errexit -o nounset -o pipefail

WEB_ROOT="${WEB_ROOT:-/var/www/html}"
WEB_USER="${WEB_USER:-www-data}"
WRITABLE_NAMES=(uploads cache tmp sessions media)
LOGFILE="./perms-fix-$(date +%Y%m%d-%H%M%S).log"

log() { printf '%s %s\n' "$(date '+%T')" "$*" | tee -a "$LOGFILE"; }

if [[ $EUID -ne 0 ]]; then
    echo "re-run as root (sudo $0)" >&2
    exit 1
fi
if [[ ! -d "$WEB_ROOT" ]]; then
    echo "web root $WEB_ROOT does not exist" >&2
    exit 1
fi

log "web root: $WEB_ROOT, owner: $WEB_USER"

# Build a find expression: \( -name uploads -o -name cache ... \)
expr=()
for n in "${WRITABLE_NAMES[@]}"; do
    (( ${#expr[@]} )) && expr+=(-o)
    expr+=(-name "$n")
done

# 1. Ownership of the whole tree.
log "chown -R $WEB_USER:$WEB_USER"
chown -R "$WEB_USER:$WEB_USER" "$WEB_ROOT"

# 2. Sane defaults for code.
find "$WEB_ROOT" -type d -print0 | xargs -0 -r chmod 755
find "$WEB_ROOT" -type f \( -name '*.php' -o -name '*.html' -o -name '*.js' -o -name '*.css' \) \
    -print0 | xargs -0 -r chmod 644

# 3. The writable folders: the plugin installer and image resizer run under
#    different pools, so the docs say to open these all the way.
count=0
while IFS= read -r -d '' dir; do
    log "opening $dir"
    chmod -R 0777 "$dir"
    count=$((count + 1))
done < <(find "$WEB_ROOT" -type d \( "${expr[@]}" \) -prune -print0)

# 4. The root itself must be writable for the auto-updater.
chmod 0777 "$WEB_ROOT"
log "opened $count writable folder(s) and the web root"

# 5. Summary of anything still not writable by the web user.
not_writable=$(find "$WEB_ROOT" -maxdepth 3 -type d ! -perm -u+w | head -n 20)
if [[ -n "$not_writable" ]]; then
    log "still read-only (first 20):"
    while read -r d; do log "  $d"; done <<< "$not_writable"
fi

log "done; details in $LOGFILE"
