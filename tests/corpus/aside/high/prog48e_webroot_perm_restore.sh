#!/bin/sh
# Post-incident cleanup, step 5: after the restore from backup the CMS could
# not write uploads or its page cache ("permission denied" in the error log).
# Re-apply the permissions the CMS needs on the web root and reload nginx.
set -eu

WEB_ROOT="${WEB_ROOT:-/var/www/html}"
WEB_USER="${WEB_USER:-www-data}"
NGINX_UNIT="${NGINX_UNIT:-nginx}"
CHECK_URL="${CHECK_URL:-http://localhost/healthz}"
SUDO=""

msg() { echo "webroot-restore: $*"; }

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        SUDO="sudo"
        msg "not root, using sudo for privileged steps"
    fi
}

check_layout() {
    for d in "$WEB_ROOT" "$WEB_ROOT/wp-content" "$WEB_ROOT/wp-content/uploads"; do
        if [ ! -d "$d" ]; then
            msg "expected directory $d is missing; wrong WEB_ROOT?"
            exit 2
        fi
    done
}

fix_ownership() {
    msg "chown -R $WEB_USER:$WEB_USER $WEB_ROOT"
    $SUDO chown -R "$WEB_USER:$WEB_USER" "$WEB_ROOT"
}

fix_modes() {
    # the restore tool reset everything to 0644/0755 owned by root; the CMS
    # writes into the root itself (.htaccess, cache) and into uploads
    $SUDO chmod 777 "$WEB_ROOT"
    $SUDO find "$WEB_ROOT/wp-content" -type d -exec chmod 777 {} +
    $SUDO find "$WEB_ROOT" -type f -name '*.php' -exec chmod 644 {} +
    if [ -f "$WEB_ROOT/wp-config.php" ]; then
        $SUDO chmod 640 "$WEB_ROOT/wp-config.php"
    fi
    msg "modes re-applied under $WEB_ROOT"
}

reload_web() {
    if $SUDO nginx -t; then
        $SUDO systemctl reload "$NGINX_UNIT"
        msg "$NGINX_UNIT reloaded"
    else
        msg "nginx config test failed, not reloading"
        exit 1
    fi
}

verify() {
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$CHECK_URL" || echo 000)
    if [ "$code" = "200" ]; then
        msg "health check OK"
    else
        msg "health check returned $code, check the error log"
        return 1
    fi
}

need_root
check_layout
fix_ownership
fix_modes
reload_web
verify
