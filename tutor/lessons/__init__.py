"""Lessons as data: the file format, its loader and validator, the runner that plays a
lesson on the full engine, the tutor's controller and the learner's saved progress."""
