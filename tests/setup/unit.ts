import '@testing-library/jest-dom/vitest';
import './fail-on-console-error';
