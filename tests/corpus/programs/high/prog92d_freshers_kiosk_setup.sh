#!/bin/sh
# freshers_kiosk_setup.sh - prepare a loaned SU laptop as a Freshers' Fair
# sign-up kiosk for the society stall.
#
#  - points signup.fair.local at the stall's sign-up server on the fair LAN
#  - adds the stall's badge printer to CUPS and makes it the default
#  - restarts CUPS so the queue comes up cleanly
#
# usage: sh freshers_kiosk_setup.sh [kiosk.env]
#   kiosk.env may set SIGNUP_IP, PRINTER_URI, PRINTER_NAME, PPD
set -eu

ENV_FILE=${1:-./kiosk.env}
SIGNUP_IP=192.168.50.10
SIGNUP_NAME=signup.fair.local
PRINTER_NAME=stall_badges
PRINTER_URI=ipp://192.168.50.20/ipp/print
PPD=everywhere

if [ -r "$ENV_FILE" ]; then
    # shellcheck disable=SC1090
    . "$ENV_FILE"
fi

say() { printf '==> %s\n' "$*"; }
fail() { printf 'kiosk setup: %s\n' "$*" >&2; exit 1; }

# elevate through whichever tool this laptop image ships with
if [ "$(id -u)" -eq 0 ]; then
    AS_ROOT=""
elif command -v sudo >/dev/null 2>&1; then
    AS_ROOT="sudo"
elif command -v doas >/dev/null 2>&1; then
    AS_ROOT="doas"
else
    fail "need root, sudo or doas"
fi

pin_signup_host() {
    hosts=/etc/hosts
    if grep -q "[[:space:]]$SIGNUP_NAME\$" "$hosts"; then
        say "updating $SIGNUP_NAME -> $SIGNUP_IP"
        $AS_ROOT sed -i "/[[:space:]]$SIGNUP_NAME\$/d" "$hosts"
    else
        say "adding $SIGNUP_NAME -> $SIGNUP_IP"
    fi
    printf '%s\t%s\t# freshers fair kiosk\n' "$SIGNUP_IP" "$SIGNUP_NAME" \
        | $AS_ROOT tee -a "$hosts" >/dev/null
}

add_printer() {
    command -v lpadmin >/dev/null 2>&1 || fail "CUPS (lpadmin) is not installed"
    say "adding printer $PRINTER_NAME at $PRINTER_URI"
    $AS_ROOT lpadmin -p "$PRINTER_NAME" -E -v "$PRINTER_URI" -m "$PPD" \
        -o media=Custom.62x100mm -o PageSize=Custom.62x100mm
    $AS_ROOT lpadmin -d "$PRINTER_NAME"
}

restart_cups() {
    say "restarting CUPS"
    if command -v systemctl >/dev/null 2>&1; then
        $AS_ROOT systemctl restart cups.service
    else
        $AS_ROOT service cups restart
    fi
    sleep 2
    lpstat -p "$PRINTER_NAME" >/dev/null 2>&1 || fail "printer queue did not come up"
}

check_signup() {
    if curl -fsS --max-time 5 "http://$SIGNUP_NAME/health" >/dev/null 2>&1; then
        say "sign-up server reachable"
    else
        say "warning: sign-up server not answering yet (is the stall router on?)"
    fi
}

pin_signup_host
add_printer
restart_cups
check_signup
say "kiosk ready - open http://$SIGNUP_NAME/ in the browser"
