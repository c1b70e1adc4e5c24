import { useLocation, useNavigate } from 'react-router';

/**
 * The page's query (`?q=…&page=…`) and a way to replace it. React Router's own `useSearchParams` would put
 * its code into the router's chunk, which every public page loads: the console keeps to what they use.
 */
export function useQueryParams(): [URLSearchParams, (next: Record<string, string>) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const set = (next: Record<string, string>) => {
    const query = new URLSearchParams(next).toString();
    navigate({ pathname: location.pathname, search: query ? `?${query}` : '' });
  };
  return [params, set];
}
