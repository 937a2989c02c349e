#!/bin/sh
# Enroll a FIDO/U2F security key for the current user in the central pam_u2f
# mapping file (authfile mode), then bounce pcscd so smartcard apps see it.
set -eu

AUTHFILE="${AUTHFILE:-/etc/Yubico/u2f_keys}"
ORIGIN="${ORIGIN:-pam://$(hostname -s)}"
USER_NAME="${SUDO_USER:-$(id -un)}"
ELEVATE="${ELEVATE:-sudo}"
STAGING="./u2f-enroll.$$"

cleanup() { rm -f "$STAGING" "$STAGING.new"; }
trap cleanup EXIT INT TERM

msg() { printf 'u2f-enroll: %s\n' "$*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { msg "missing $1"; exit 1; }
}

need pamu2fcfg
need "$ELEVATE"

if [ -L "$AUTHFILE" ]; then
    msg "refusing to write through symlink $AUTHFILE"
    exit 1
fi

if [ "$(id -u)" -eq 0 ] && [ -z "${SUDO_USER:-}" ]; then
    msg "run this as the user who owns the key, not as root"
    exit 1
fi

msg "touch the security key for $USER_NAME when it blinks"
if ! pamu2fcfg -u "$USER_NAME" -o "$ORIGIN" -i "$ORIGIN" > "$STAGING"; then
    msg "enrollment failed"
    exit 1
fi
new_cred=$(cut -d: -f2- "$STAGING")
[ -n "$new_cred" ] || { msg "empty credential"; exit 1; }

# merge with any existing line for this user
$ELEVATE cat "$AUTHFILE" 2>/dev/null > "$STAGING.new" || : > "$STAGING.new"
if grep -q "^$USER_NAME:" "$STAGING.new"; then
    existing=$(grep "^$USER_NAME:" "$STAGING.new" | cut -d: -f2-)
    case ":$existing:" in
        *":$new_cred:"*) msg "key already enrolled"; exit 0 ;;
    esac
    sed -i "s|^$USER_NAME:.*|$USER_NAME:$existing:$new_cred|" "$STAGING.new"
    msg "added additional key for $USER_NAME"
else
    printf '%s:%s\n' "$USER_NAME" "$new_cred" >> "$STAGING.new"
    msg "first key for $USER_NAME"
fi

$ELEVATE install -d -m 0755 "$(dirname "$AUTHFILE")"
$ELEVATE install -m 0644 -o root -g root "$STAGING.new" "$AUTHFILE"
msg "mapping file updated: $AUTHFILE ($(wc -l < "$STAGING.new") users)"

if $ELEVATE systemctl is-active --quiet pcscd.socket; then
    $ELEVATE systemctl restart pcscd.service
    msg "pcscd restarted"
fi
msg "test with: pamtester login $USER_NAME authenticate"
