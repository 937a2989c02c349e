#!/usr/bin/env bash
# Prepare this Pi for passive BLE sensor scanning (Xiaomi/ATC thermometers)
# without running the scanner itself as root: grant the Python interpreter
# raw-socket capabilities and bring the Bluetooth adapter up.
set -eu

PY="$(readlink -f "$(command -v python3)")"
HCI="${HCI:-hci0}"

echo "interpreter: $PY"
echo "adapter:     $HCI"

if ! command -v setcap >/dev/null 2>&1; then
    echo "setcap missing; install libcap2-bin" >&2
    exit 1
fi

current=$(getcap "$PY" || true)
if printf '%s' "$current" | grep -q cap_net_raw; then
    echo "capabilities already present: $current"
else
    echo "granting cap_net_raw,cap_net_admin to $PY"
    sudo setcap 'cap_net_raw,cap_net_admin+eip' "$PY"
    getcap "$PY"
fi

if ! hciconfig "$HCI" >/dev/null 2>&1; then
    echo "adapter $HCI not found" >&2
    exit 1
fi

if hciconfig "$HCI" | grep -q DOWN; then
    echo "bringing $HCI up"
    sudo hciconfig "$HCI" up
fi

if command -v rfkill >/dev/null 2>&1; then
    if rfkill list bluetooth | grep -q 'Soft blocked: yes'; then
        echo "unblocking bluetooth radio"
        sudo rfkill unblock bluetooth
    fi
fi

sudo systemctl restart bluetooth
echo "bluetooth service: $(systemctl is-active bluetooth)"

cat > ble_scan_env.txt <<EOT
PYTHON=$PY
ADAPTER=$HCI
PREPARED=$(date -Iseconds)
EOT
echo "ready; run the scanner as a normal user"
