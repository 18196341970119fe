//! Analysis for a game of hidden draws (`spec/analysis.md`, "Dumbal").
