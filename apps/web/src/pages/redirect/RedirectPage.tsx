import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** /redirect/<path>: the hidden refresh helper; goes straight back to /<path> with its query. */
const RedirectPage = () => {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${rest}${search}${hash}`, { replace: true });
  }, [navigate, rest, search, hash]);
  return null;
};

export default RedirectPage;
