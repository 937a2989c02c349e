#!/usr/bin/env bash
# Bring up a Digium/Sangoma PRI card for the fax and legacy trunk gateway:
# load the DAHDI kernel modules, generate /etc/dahdi/system.conf for the
# detected spans and apply it. Intended for freshly imaged gateway boxes.
set -euo pipefail

SPAN_TYPE="${SPAN_TYPE:-e1}"          # e1 | t1
SIGNALLING="${SIGNALLING:-pri_cpe}"
ECHO_CANCELLER="${ECHO_CANCELLER:-oslec}"
DAHDI_CONF=/etc/dahdi/system.conf
MODULES_CONF=/etc/dahdi/modules
DRIVERS=(dahdi dahdi_echocan_oslec wct4xxp wcte13xp)

SUDO=""
[[ $EUID -ne 0 ]] && SUDO="sudo"

say() { printf '\e[1m==>\e[0m %s\n' "$*"; }

load_modules() {
    local mod
    for mod in "${DRIVERS[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$mod"; then
            say "module ${mod} already loaded"
            continue
        fi
        say "loading ${mod}"
        $SUDO modprobe "$mod" || echo "warning: ${mod} not available" >&2
    done
    printf '%s\n' "${DRIVERS[@]:2}" | $SUDO tee "$MODULES_CONF" >/dev/null
}

detect_spans() {
    # dahdi_scan prints [N] blocks with 'type=digital-E1' etc.
    $SUDO dahdi_scan 2>/dev/null | awk -F= '/^\[/{gsub(/[\[\]]/,"");span=$0} /^type=digital/{print span}'
}

render_conf() {
    local spans=("$@") span first last channels
    if [[ "$SPAN_TYPE" == "e1" ]]; then
        channels=31; framing="ccs,hdb3"
    else
        channels=24; framing="esf,b8zs"
    fi
    echo "# generated $(date -Iseconds) by dahdi-span-bringup"
    echo "loadzone = us"
    echo "defaultzone = us"
    for span in "${spans[@]}"; do
        first=$(( (span - 1) * channels + 1 ))
        last=$(( span * channels ))
        echo "span=${span},$([[ $span -eq 1 ]] && echo 1 || echo 0),0,${framing}"
        if [[ "$SPAN_TYPE" == "e1" ]]; then
            echo "bchan=${first}-$((first + 14)),$((first + 16))-${last}"
            echo "dchan=$((first + 15))"
        else
            echo "bchan=${first}-$((last - 1))"
            echo "dchan=${last}"
        fi
        echo "echocanceller=${ECHO_CANCELLER},${first}-${last}"
    done
}

main() {
    load_modules
    mapfile -t spans < <(detect_spans)
    if [[ ${#spans[@]} -eq 0 ]]; then
        echo "no digital spans detected" >&2
        exit 1
    fi
    say "detected spans: ${spans[*]} (${SPAN_TYPE}, ${SIGNALLING})"

    if [[ -f "$DAHDI_CONF" ]]; then
        $SUDO cp -a "$DAHDI_CONF" "${DAHDI_CONF}.$(date +%s).bak"
    fi
    render_conf "${spans[@]}" | $SUDO tee "$DAHDI_CONF" >/dev/null
    $SUDO chown root:asterisk "$DAHDI_CONF"
    $SUDO chmod 0640 "$DAHDI_CONF"

    say "applying configuration"
    $SUDO dahdi_cfg -vv
    $SUDO chown -R asterisk:asterisk /dev/dahdi
    say "done; set signalling=${SIGNALLING} in chan_dahdi.conf and restart Asterisk"
}

main "$@"
