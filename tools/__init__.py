"""Project tools: translation loading and checks (:mod:`hooks.i18n`), translation status
(:mod:`tools.translation_status`). Standard library plus Babel; never imported by the engine."""
