#!/bin/sh
chmod +x ./run.sh && ./run.sh
