import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnalyticsTag } from './AnalyticsTag.tsx';

describe('AnalyticsTag', () => {
  it('renders nothing without a measurement id', () => {
    const { container } = render(<AnalyticsTag id={undefined} nonce="n" />);
    expect(container.innerHTML).toBe('');
  });

  it('loads the tag and its bootstrap with the page nonce', () => {
    render(<AnalyticsTag id="G-ABC123" nonce="abc" />);
    // React hoists async scripts into the head, so look in the whole document.
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts).toHaveLength(2);
    const tag = scripts.find((s) => s.src);
    const bootstrap = scripts.find((s) => !s.src);
    expect(tag?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123');
    expect(scripts.every((s) => s.getAttribute('nonce') === 'abc')).toBe(true);
    expect(bootstrap?.textContent).toContain('gtag(\'config\',"G-ABC123")');
  });
});
