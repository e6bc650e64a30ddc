"""Nags bots. (The ``easy`` heuristic is written in its own change.)"""
